import { AspectRatio, Box, Button, Card, Heading, Image, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { RouterOutputs } from '../../lib/trpc';
import { formatEventStart } from '../../ui/format';
import { RichText } from '../../ui/RichText';

export type PublicEventCard = RouterOutputs['publicEvents']['list'][number];

/** An event as a card (SPEC §2): banner, location, start 'DD kl. HH:mm', title, description, 'Se mere'. */
export function EventCard({ event, headingLevel = 'h3' }: { event: PublicEventCard; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Card.Root bg="bg" variant="outline" overflow="hidden" h="full">
      <AspectRatio ratio={16 / 9} bg="bg.muted">
        {event.bannerPicture ? (
          <Image src={event.bannerPicture} alt="" loading="lazy" objectFit="cover" />
        ) : (
          <Box bgGradient="to-br" gradientFrom="brand.solid" gradientTo="purple.500" />
        )}
      </AspectRatio>
      <Card.Body gap="2">
        <Stack gap="0.5">
          {event.location && (
            <Text color="fg.muted" fontSize="sm" lineClamp={1}>
              {event.location}
            </Text>
          )}
          <Text fontWeight="medium" fontSize="sm" color="brand.fg">
            {formatEventStart(event.startDate)}
          </Text>
        </Stack>
        <Heading as={headingLevel} size="md">
          {event.title}
        </Heading>
        {event.description && <RichText html={event.description} color="fg.muted" fontSize="sm" lineClamp={3} />}
      </Card.Body>
      <Card.Footer>
        <Button asChild colorPalette="brand" variant="outline" size="sm">
          <RouterLink to={`/events/${encodeURIComponent(event.url)}`} aria-label={`Se mere om ${event.title}`}>
            Se mere
          </RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

const GRID = { display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: '5' } as const;

/** Cards in a responsive grid. */
export function EventGrid({ events, headingLevel }: { events: PublicEventCard[]; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Box {...GRID}>
      {events.map((e) => (
        <EventCard key={e.id} event={e} headingLevel={headingLevel} />
      ))}
    </Box>
  );
}

/**
 * Cards while the events load, shaped as the cards (banner, three lines, a button), so the page
 * does not jump when they arrive (Lighthouse's layout shift).
 */
export function EventGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <Box {...GRID} aria-busy="true" aria-label="Indlæser arrangementer">
      {Array.from({ length: count }, (_, i) => (
        <Card.Root key={i} bg="bg" variant="outline" overflow="hidden" h="full">
          <AspectRatio ratio={16 / 9}>
            <Skeleton />
          </AspectRatio>
          <Card.Body gap="3">
            <SkeletonText noOfLines={2} />
            <Skeleton h="6" w="70%" />
            <SkeletonText noOfLines={3} />
          </Card.Body>
          <Card.Footer>
            <Skeleton h="8" w="24" />
          </Card.Footer>
        </Card.Root>
      ))}
    </Box>
  );
}

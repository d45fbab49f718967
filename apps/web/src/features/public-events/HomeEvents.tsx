import { Heading, Stack, Text } from '@chakra-ui/react';
import { HOME_FEATURED, HOME_UPCOMING, PUBLIC_EVENTS_MSG } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { EventGrid, EventGridSkeleton } from './EventCard';

/** The home page's events (SPEC §2): featured (promoted, 2) and upcoming (12), or the empty text. */
export function HomeEvents() {
  const trpc = useTRPC();
  const featured = useQuery(trpc.publicEvents.list.queryOptions({ promoted: true, limit: HOME_FEATURED }));
  const upcoming = useQuery(trpc.publicEvents.list.queryOptions({ limit: HOME_UPCOMING }));
  // Both lists at once: the featured section arriving above the upcoming one would push it down.
  if (featured.isPending || upcoming.isPending) {
    return (
      <Stack as="section" gap="4" aria-labelledby="upcoming-events">
        <Heading as="h2" size="xl" id="upcoming-events">
          Kommende arrangementer
        </Heading>
        <EventGridSkeleton />
      </Stack>
    );
  }
  return (
    <Stack gap="10">
      {featured.data && featured.data.length > 0 && (
        <Stack as="section" gap="4" aria-labelledby="featured-events">
          <Heading as="h2" size="xl" id="featured-events">
            Udvalgte arrangementer
          </Heading>
          <EventGrid events={featured.data} />
        </Stack>
      )}
      <Stack as="section" gap="4" aria-labelledby="upcoming-events">
        <Heading as="h2" size="xl" id="upcoming-events">
          Kommende arrangementer
        </Heading>
        {upcoming.data?.length ? (
          <EventGrid events={upcoming.data} />
        ) : (
          <Text color="fg.muted">{PUBLIC_EVENTS_MSG.noUpcoming}</Text>
        )}
      </Stack>
    </Stack>
  );
}

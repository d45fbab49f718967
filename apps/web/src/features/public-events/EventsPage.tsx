import { Box, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { PUBLIC_EVENTS_MSG } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { EventGrid } from './EventCard';

/** /events for visitors: every upcoming event the visitor may see, soonest first. */
export default function EventsPage() {
  const trpc = useTRPC();
  const events = useQuery(trpc.publicEvents.list.queryOptions({ limit: 50 }));
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Arrangementer
      </Heading>
      {events.isPending ? (
        <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }} gap="5" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="72" />
          ))}
        </Box>
      ) : events.data?.length ? (
        <EventGrid events={events.data} headingLevel="h2" />
      ) : (
        <Text color="fg.muted">{PUBLIC_EVENTS_MSG.noUpcoming}</Text>
      )}
    </Stack>
  );
}

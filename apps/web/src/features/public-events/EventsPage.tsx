import { Heading, Stack, Text } from '@chakra-ui/react';
import { EVENTS_PAGE_LIMIT, PUBLIC_EVENTS_MSG } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { EventGrid, EventGridSkeleton } from './EventCard';

/**
 * /events for visitors: every upcoming event the visitor may see, soonest first. The server paints the
 * same cards for a visitor before the app loads (app/shell.ts SHELL_EVENT_PARTS): change both together.
 */
export default function EventsPage() {
  const trpc = useTRPC();
  const events = useQuery(trpc.publicEvents.list.queryOptions({ limit: EVENTS_PAGE_LIMIT }));
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Arrangementer
      </Heading>
      {events.isPending ? (
        <EventGridSkeleton />
      ) : events.data?.length ? (
        <EventGrid events={events.data} headingLevel="h2" />
      ) : (
        <Text color="fg.muted">{PUBLIC_EVENTS_MSG.noUpcoming}</Text>
      )}
    </Stack>
  );
}

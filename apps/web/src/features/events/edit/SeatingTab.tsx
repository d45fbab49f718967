import { Text } from '@chakra-ui/react';
import { Section } from '../../../ui/PageHeader';
import type { Event } from './values';

/**
 * Planoversigt (SPEC §2: when hasSeating and the seating has an eventId). The seat map itself comes
 * from the seating-ui branch's SeatMapPanel.
 */
export function SeatingTab({ event }: { event: Event }) {
  return (
    <Section title="Planoversigt">
      <Text mb="3">{event.seating.name ? `Salsplan: ${event.seating.name}` : 'Der er ikke valgt nogen salsplan.'}</Text>
      {/* SEAT MAP: mount <SeatMapPanel eventId={event.id} /> here (seating-ui branch). */}
    </Section>
  );
}

import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { BOOKING_MSG, buyerSeatText } from '@klubhus/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppState } from '../../../lib/appState';
import { useTRPC } from '../../../lib/trpc';
import { notify } from '../../../ui/toaster';
import { errorMessage } from '../../../ui/errors';

/**
 * The season-ticket attendance card of an event's page (SPEC §2, §4): a signed-in holder answers
 * Ja or Nej per season ticket; afterwards it says Deltager / Deltager ikke (and the answer can be
 * changed until the event).
 */
export function SeasonalCard({ eventId }: { eventId: number }) {
  const { user } = useAppState();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const q = useQuery({ ...trpc.booking.seasonalTickets.queryOptions({ eventId }), enabled: !!user });
  const answer = useMutation(
    trpc.booking.answerSeasonal.mutationOptions({
      onSuccess: () => {
        notify.success(BOOKING_MSG.attendanceSaved);
        return queryClient.invalidateQueries(trpc.booking.seasonalTickets.pathFilter());
      },
      onError: (e) => notify.error(errorMessage(e)),
    }),
  );
  if (!q.data?.length) return null;
  return (
    <Card.Root variant="subtle" data-testid="seasonal-card">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {BOOKING_MSG.attendanceTitle}
        </Heading>
        {q.data.map((t) => (
          <Stack key={t.id} gap="2" direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }}>
            <Text>
              {t.product}
              {t.section ? ` · ${buyerSeatText(t)}` : ''}
            </Text>
            {t.attending === null ? (
              <HStack>
                <Button size="sm" colorPalette="brand" loading={answer.isPending} onClick={() => answer.mutate({ eventId, id: t.id, attending: true })}>
                  {BOOKING_MSG.yes}
                </Button>
                <Button size="sm" variant="outline" loading={answer.isPending} onClick={() => answer.mutate({ eventId, id: t.id, attending: false })}>
                  {BOOKING_MSG.no}
                </Button>
              </HStack>
            ) : (
              <HStack>
                <Badge colorPalette={t.attending ? 'green' : 'gray'} size="lg">
                  {t.attending ? BOOKING_MSG.attending : BOOKING_MSG.notAttending}
                </Badge>
                <Button size="xs" variant="ghost" onClick={() => answer.mutate({ eventId, id: t.id, attending: !t.attending })}>
                  Ændr
                </Button>
              </HStack>
            )}
          </Stack>
        ))}
      </Card.Body>
    </Card.Root>
  );
}

import { Button, Stack, Table, Text } from '@chakra-ui/react';
import { EVENT_MSG } from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { formatDateTime } from '../../ui/format';
import { AppLink } from '../../ui/LinkButton';
import { Section } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { EmptyRow } from '../../ui/TableParts';
import type { EventRecord } from './values';

/** Relationer: the event's sub-events and 'Opret relation' (not for an event that is itself a sub-event). */
export function RelationsTab({ event }: { event: EventRecord }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const children = useQuery(trpc.events.relations.queryOptions({ id: event.id }));
  const create = useSaveMutation({
    mutation: trpc.events.createRelation.mutationOptions(),
    success: (r) => r.message,
    onSuccess: async (r) => {
      await queryClient.invalidateQueries(trpc.events.pathFilter());
      navigate(`/events/${r.id}`);
    },
  });
  return (
    <Section
      title="Underarrangementer"
      actions={
        !event.parentId && (
          <Button size="sm" variant="outline" loading={create.isPending} onClick={() => create.mutate({ id: event.id })}>
            <Plus /> {EVENT_MSG.createRelation}
          </Button>
        )
      }
    >
      {event.parent && (
        <Text mb="4">
          Underarrangement af <AppLink to={`/events/${event.parent.id}`}>{event.parent.title}</AppLink>.
        </Text>
      )}
      <Stack>
        <Table.Root size="sm" aria-label="Underarrangementer">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Titel</Table.ColumnHeader>
              <Table.ColumnHeader>Start dato</Table.ColumnHeader>
              <Table.ColumnHeader>Tilmeldingsfrist</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(children.data ?? []).length === 0 && <EmptyRow colSpan={3} />}
            {(children.data ?? []).map((c) => (
              <Table.Row key={c.id}>
                <Table.Cell>
                  <AppLink to={`/events/${c.id}`} fontWeight="medium">
                    {c.title}
                  </AppLink>
                </Table.Cell>
                <Table.Cell>{formatDateTime(c.startDate)}</Table.Cell>
                <Table.Cell>{formatDateTime(c.signUpDeadline)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Stack>
    </Section>
  );
}

import { Button, HStack, Input, Table } from '@chakra-ui/react';
import { EVENT_MSG } from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { formatDateTime } from '../../../ui/format';
import { AppLink } from '../../../ui/LinkButton';
import { Section } from '../../../ui/PageHeader';
import { useSaveMutation } from '../../../ui/save';
import { EmptyRow } from '../../../ui/TableParts';
import type { Event } from './values';

/** Relationer (SPEC §2): the sub-events; 'Opret relation' makes one (hidden for an event that has a parent). */
export function RelationsTab({ event }: { event: Event }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const q = useQuery(trpc.events.relations.queryOptions({ id: event.id }));
  const [title, setTitle] = useState('');
  const create = useSaveMutation({
    mutation: trpc.events.createRelation.mutationOptions(),
    success: (r) => r.message,
    onSuccess: async () => {
      setTitle('');
      await queryClient.invalidateQueries(trpc.events.pathFilter());
    },
  });
  return (
    <Section
      title="Relationer"
      actions={
        event.parentId === null && (
          <HStack gap="2">
            <Input size="sm" bg="bg" maxW="16rem" aria-label="Titel på underarrangement" placeholder="Titel (valgfri)" value={title} onChange={(e) => setTitle(e.target.value)} />
            <Button size="sm" variant="outline" loading={create.isPending} onClick={() => create.mutate({ id: event.id, title: title.trim() || undefined })}>
              <Plus /> {EVENT_MSG.createRelation}
            </Button>
          </HStack>
        )
      }
    >
      <Table.Root size="sm" aria-label="Underarrangementer">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Titel</Table.ColumnHeader>
            <Table.ColumnHeader>Start dato</Table.ColumnHeader>
            <Table.ColumnHeader>Slut dato</Table.ColumnHeader>
            <Table.ColumnHeader>Tilmeldingsfrist</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(q.data ?? []).length === 0 && <EmptyRow colSpan={4} />}
          {(q.data ?? []).map((r) => (
            <Table.Row key={r.id}>
              <Table.Cell>
                <AppLink to={`/events/${r.id}`} fontWeight="medium">
                  {r.title}
                </AppLink>
              </Table.Cell>
              <Table.Cell>{formatDateTime(r.startDate)}</Table.Cell>
              <Table.Cell>{formatDateTime(r.endDate)}</Table.Cell>
              <Table.Cell>{formatDateTime(r.signUpDeadline)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Section>
  );
}

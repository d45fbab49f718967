import { Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { formatDateTime } from '../../ui/format';
import { AppLink } from '../../ui/LinkButton';
import { Section } from '../../ui/PageHeader';
import { EmptyRow, YesNo } from '../../ui/TableParts';

/** The company's Arrangementer tab: the events it is invited to or sponsors (events.ofCompany). */
export function CompanyEventsTab({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.events.ofCompany.queryOptions({ id: companyId }));
  const rows = q.data ?? [];
  return (
    <Section title="Arrangementer">
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label="Virksomhedens arrangementer">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Titel</Table.ColumnHeader>
              <Table.ColumnHeader>Start dato</Table.ColumnHeader>
              <Table.ColumnHeader>Inviterede</Table.ColumnHeader>
              <Table.ColumnHeader>Invitationer sendt</Table.ColumnHeader>
              <Table.ColumnHeader>Sponsor</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 && <EmptyRow colSpan={5}>{q.isLoading ? <Text>Indlæser…</Text> : undefined}</EmptyRow>}
            {rows.map((e) => (
              <Table.Row key={e.id}>
                <Table.Cell>
                  <AppLink to={`/events/${e.id}`} fontWeight="medium">
                    {e.title}
                  </AppLink>
                </Table.Cell>
                <Table.Cell>{formatDateTime(e.startDate)}</Table.Cell>
                <Table.Cell>{e.invites}</Table.Cell>
                <Table.Cell>{e.invitationsSent}</Table.Cell>
                <Table.Cell>
                  <YesNo value={e.sponsor} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Section>
  );
}

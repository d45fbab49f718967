import { Box, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { EVENT_MSG } from '@klubhus/domain';
import { ChevronDown, ChevronRight, X } from 'lucide-react';
import { useState } from 'react';
import type { RouterOutputs } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/format';
import { AppLink } from '../../ui/LinkButton';
import { ListPage } from '../../ui/ListPage';
import type { ListState } from '../../ui/useListState';

type Row = RouterOutputs['events']['list']['rows'][number];
const BASE = '/events';
const SORTS = ['StartDate', 'EndDate', 'SignUpDeadline', 'Title', 'Id'] as const;
type Sort = (typeof SORTS)[number];

/** The title, and the sub-events (Relations) under it when opened. */
function TitleCell({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="1">
      <HStack gap="1">
        {row.relations.length > 0 ? (
          <IconButton
            size="2xs"
            variant="ghost"
            aria-expanded={open}
            aria-label={`${open ? 'Skjul' : 'Vis'} underarrangementer af ${row.title}`}
            onClick={() => setOpen(!open)}
          >
            {open ? <ChevronDown /> : <ChevronRight />}
          </IconButton>
        ) : (
          <Box w="6" />
        )}
        <AppLink to={`${BASE}/${row.id}`} fontWeight="medium">
          {row.title}
        </AppLink>
      </HStack>
      {open && (
        <Stack as="ul" gap="1" ps="8" aria-label={`Underarrangementer af ${row.title}`}>
          {row.relations.map((c) => (
            <HStack as="li" key={c.id} gap="2" fontSize="sm">
              <AppLink to={`${BASE}/${c.id}`}>{c.title}</AppLink>
              <Text color="fg.muted">{formatDateTime(c.startDate)}</Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('title', { id: 'Title', header: 'Titel', cell: ({ row }) => <TitleCell row={row.original} /> }),
  col.accessor('startDate', { id: 'StartDate', header: 'Start dato', cell: ({ getValue }) => formatDateTime(getValue()) }),
  col.accessor('endDate', { id: 'EndDate', header: 'Slut dato', cell: ({ getValue }) => formatDateTime(getValue()) }),
  col.accessor('signUpDeadline', { id: 'SignUpDeadline', header: 'Tilmeldingsfrist', cell: ({ getValue }) => formatDateTime(getValue()) }),
]);

/** SPEC §2's date-range filters, with clear: Start dato, Slut dato, Tilmeldingsfrist (kept in the URL). */
const RANGES = [
  ['start', 'Start dato'],
  ['end', 'Slut dato'],
  ['deadline', 'Tilmeldingsfrist'],
] as const;

function DateRanges({ list }: { list: ListState<Sort> }) {
  return (
    <HStack gap="4" wrap="wrap" align="flex-end">
      {RANGES.map(([key, label]) => {
        const from = list.filters[`${key}From`] ?? '';
        const to = list.filters[`${key}To`] ?? '';
        return (
          <Field.Root key={key} w="auto">
            <Field.Label fontSize="sm">{label}</Field.Label>
            <HStack gap="1">
              <Input type="date" size="sm" bg="bg" aria-label={`${label} fra`} value={from} onChange={(e) => list.setFilter(`${key}From`, e.target.value || null)} />
              <Text color="fg.muted">–</Text>
              <Input type="date" size="sm" bg="bg" aria-label={`${label} til`} value={to} onChange={(e) => list.setFilter(`${key}To`, e.target.value || null)} />
              {(from || to) && (
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={`Ryd ${label}`}
                  onClick={() => {
                    list.setFilter(`${key}From`, null);
                    list.setFilter(`${key}To`, null);
                  }}
                >
                  <X />
                </IconButton>
              )}
            </HStack>
          </Field.Root>
        );
      })}
    </HStack>
  );
}

const range = (f: Record<string, string>, key: string) => (f[`${key}From`] || f[`${key}To`] ? { from: f[`${key}From`] || null, to: f[`${key}To`] || null } : undefined);

/** /events: the tree list (SPEC §2): StartDate desc, 10 rows, Title opens the sub-events, date ranges, Rediger, 'Opret arrangement'. */
export default function EventsListPage() {
  return (
    <ListPage<Row, Sort>
      title="Arrangementer"
      base={BASE}
      createLabel={EVENT_MSG.createEvent}
      sortFields={SORTS}
      sort={{ field: 'StartDate', dir: 'desc' }}
      filter={(f) => ({ startDate: range(f, 'start'), endDate: range(f, 'end'), signUpDeadline: range(f, 'deadline') })}
      filters={(list) => <DateRanges list={list} />}
      api={(trpc) => trpc.events}
      columns={columns}
      rowName={(r) => r.title}
      confirmDelete={EVENT_MSG.confirmDeleteEvent}
    />
  );
}

import { Badge, Box, Button, HStack, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { ATTENDEE_STATUS_LABELS, ATTENDEE_STATUSES, type AttendeeStatus, GATE_MODE_MSG, GATE_MSG, type TAttendee, ticketSeatText } from '@klubhus/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Download, ScanLine } from 'lucide-react';
import { useState } from 'react';
import { saveBase64File } from '../../lib/transfer';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { errorMessage } from '../../ui/errors';
import { formatDateTime } from '../../ui/format';
import { Section } from '../../ui/PageHeader';
import { SearchInput } from '../../ui/SearchInput';
import { LinkButton } from '../../ui/LinkButton';
import { ActionsHeader, EmptyRow } from '../../ui/TableParts';
import { notify } from '../../ui/toaster';
import { ScanModal } from './ScanModal';

/**
 * Tilmeldte (SPEC §2 attendee list, §3 Attendee and Overview, §4 scanned): the overview, filters
 * Alle / Scannet / Ikke scannet, company and search, the list with a scan (Stregkode) or tick-off
 * (Manuelt) button per attendee, disabled once scanned, the scan modal and the export.
 */
export function AttendeesTab({ eventId }: { eventId: number }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AttendeeStatus>('all');
  const [company, setCompany] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [scanning, setScanning] = useState(false);
  const [exporting, setExporting] = useState(false);
  const input = { id: eventId, status, company, search: search || null };
  const list = useQuery(trpc.gate.attendees.queryOptions(input, { placeholderData: keepPreviousData }));
  const overview = useQuery(trpc.gate.overview.queryOptions({ id: eventId }));
  const companies = useQuery(trpc.gate.companies.queryOptions({ id: eventId }));
  const refresh = () => queryClient.invalidateQueries(trpc.gate.pathFilter());
  const tick = useMutation(
    trpc.gate.scan.mutationOptions({
      onSuccess: (r) => {
        // SPEC §8: a scan from the list that fails shows its error text.
        if (r.success) notify.success(GATE_MSG.confirmed);
        else notify.error([r.error, r.data].filter(Boolean).join(' – '));
        return refresh();
      },
      onError: (e) => notify.error(errorMessage(e)),
    }),
  );
  const controlType = list.data?.controlType ?? 'None';
  const rows = list.data?.result ?? [];
  const o = overview.data;

  const runExport = async () => {
    setExporting(true);
    try {
      const file = await client.gate.export.mutate(input);
      saveBase64File(file.fileName, file.mimeType, file.base64);
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="0">
      <Section title="Overblik">
        <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="3" data-testid="attendee-overview">
          <Stat label="Solgte billetter" value={o?.ticketsSold} />
          <Stat label="Bookede billetter" value={o?.bookedTickets} />
          <Stat label="Billetter i alt" value={o ? (o.totalTickets ?? '–') : undefined} />
          <Stat label="Ledige pladser" value={o ? (o.availableSeats ?? '–') : undefined} />
          <Stat label={GATE_MSG.scanned} value={o ? `${o.scanned} / ${o.bookedTickets}` : undefined} />
          {o?.bookedSeats.map((s) => (
            <Stat key={s.section} label={`Bookede pladser ${s.section}`} value={s.count} />
          ))}
        </SimpleGrid>
      </Section>
      <Section
        title={GATE_MSG.attendees}
        actions={
          <HStack gap="2">
            {controlType === 'Stregkode' && (
              <Button type="button" size="sm" colorPalette="blue" onClick={() => setScanning(true)}>
                <ScanLine /> {GATE_MSG.scanTicket}
              </Button>
            )}
            {controlType === 'Stregkode' && (
              <LinkButton to={`/events/${eventId}/gate`} size="sm" variant="outline">
                {GATE_MODE_MSG.title}
              </LinkButton>
            )}
            <Button type="button" size="sm" variant="outline" loading={exporting} onClick={runExport}>
              <Download /> Eksporter
            </Button>
          </HStack>
        }
      >
        <Stack gap="3">
          {/* Enter in a filter must not submit the event form around the tab. */}
          <HStack
            gap="2"
            wrap="wrap"
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
          >
            <SearchInput value={search} onChange={setSearch} />
            <NativeSelect.Root width="auto" minW="40">
              <NativeSelect.Field aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value as AttendeeStatus)} bg="bg">
                {ATTENDEE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {ATTENDEE_STATUS_LABELS[s]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <NativeSelect.Root width="auto" minW="48">
              <NativeSelect.Field aria-label="Virksomhed" value={company ?? ''} onChange={(e) => setCompany(e.target.value ? Number(e.target.value) : null)} bg="bg">
                <option value="">Alle virksomheder</option>
                {(companies.data?.result ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Text fontSize="sm" color="fg.muted">
              {rows.length} {rows.length === 1 ? 'tilmeldt' : 'tilmeldte'}
            </Text>
          </HStack>
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label={GATE_MSG.attendees}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Nr.</Table.ColumnHeader>
                  <Table.ColumnHeader>Navn</Table.ColumnHeader>
                  <Table.ColumnHeader>Virksomhed</Table.ColumnHeader>
                  <Table.ColumnHeader>Billet</Table.ColumnHeader>
                  <Table.ColumnHeader>Plads</Table.ColumnHeader>
                  <Table.ColumnHeader>Tilvalg</Table.ColumnHeader>
                  <Table.ColumnHeader>{GATE_MSG.scanned}</Table.ColumnHeader>
                  <ActionsHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.length === 0 && <EmptyRow colSpan={8}>{list.isLoading ? 'Indlæser…' : undefined}</EmptyRow>}
                {rows.map((a) => (
                  <AttendeeRow key={a.id} a={a} controlType={controlType} busy={tick.isPending && tick.variables?.ticketId === a.ticketId} onTick={() => tick.mutate({ id: eventId, ticketId: a.ticketId })} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      </Section>
      <ScanModal eventId={eventId} open={scanning} onClose={() => setScanning(false)} onScanned={refresh} />
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: number | string | undefined }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold">
        {value ?? '…'}
      </Text>
    </Box>
  );
}

function AttendeeRow({ a, controlType, busy, onTick }: { a: TAttendee; controlType: string; busy: boolean; onTick: () => void }) {
  const seat = ticketSeatText(a);
  const label = controlType === 'Manuelt' ? GATE_MSG.tick : GATE_MSG.scan;
  return (
    <Table.Row>
      <Table.Cell>{a.number}</Table.Cell>
      <Table.Cell>{a.name ?? '–'}</Table.Cell>
      <Table.Cell>{a.company ?? ''}</Table.Cell>
      <Table.Cell>{a.product}</Table.Cell>
      <Table.Cell>{seat}</Table.Cell>
      <Table.Cell>{a.options.join(', ')}</Table.Cell>
      <Table.Cell>
        {a.scanned ? (
          <Stack gap="0">
            <Badge colorPalette="green" variant="subtle" w="fit-content">
              <Check size={12} /> {GATE_MSG.scanned}
            </Badge>
            <Text fontSize="xs" color="fg.muted">
              {formatDateTime(a.scannedAt ?? '')} {a.scannedBy}
            </Text>
          </Stack>
        ) : (
          <Badge variant="subtle">{GATE_MSG.notScanned}</Badge>
        )}
      </Table.Cell>
      <Table.Cell>
        {controlType !== 'None' && (
          <Button type="button" size="xs" variant="outline" disabled={a.scanned} loading={busy} aria-label={`${label} ${a.name ?? `billet ${a.number}`}`} onClick={onTick}>
            {label}
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

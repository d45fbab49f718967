import { Box, Button, Flex, HStack, SimpleGrid, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { SEATING_MSG, type TSeatCounts, type TSeatMapState } from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSeatDrawing } from '../../../lib/seatDrawing';
import { useTRPC } from '../../../lib/trpc';
import { formatCount } from '../../../ui/format';
import { Section } from '../../../ui/PageHeader';
import { useSaveMutation } from '../../../ui/save';
import { SeatLegend } from '../../../ui/seatmap/SeatLegend';
import { SeatMap, useSeatSelection } from '../../../ui/seatmap/SeatMap';
import type { SeatLook } from '../../../ui/seatmap/seatIndex';
import type { PickerOption } from '../../contacts/MultiSelectPicker';
import { CompanyPicker } from './SponsorsSection';
import type { Event } from './values';
import { LoadingSpinner } from '../../../ui/LoadingSpinner';

/** How often Planoversigt asks for the seats' state: holds come and go while staff look. */
const REFRESH_MS = 5000;
const STATES: { key: keyof TSeatCounts; label: string }[] = [
  { key: 'free', label: 'Ledige' },
  { key: 'held', label: 'Reserverede' },
  { key: 'booked', label: 'Solgte' },
  { key: 'blocked', label: 'Spærrede' },
];
type Mode = 'sale' | 'booking' | null;
type Action = 'block' | 'unblock' | 'channel' | 'book' | 'release';

/**
 * Planoversigt (SPEC §2, §4 seating manager): the event's seats live — counts in all, per section
 * and per category, refreshed every few seconds — on the shared seat map. 'Salgstilstand' marks
 * seats (click or box) to block, free, or reserve for a company's channel; 'Booking tilstand'
 * books seats by hand and frees them again.
 */
export function SeatingTab({ event }: { event: Event }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const map = useQuery(trpc.seatMaps.get.queryOptions({ eventId: event.id }, { staleTime: Number.POSITIVE_INFINITY }));
  const drawing = useSeatDrawing(map.data?.drawing);
  const state = useQuery(trpc.seatMaps.state.queryOptions({ eventId: event.id }, { refetchInterval: REFRESH_MS }));
  const [mode, setMode] = useState<Mode>(null);
  const { selected, onSelect, clear } = useSeatSelection();
  const [company, setCompany] = useState<PickerOption | null>(null);
  const { looks, channels } = useMemo(() => marksOf(state.data), [state.data]);
  const change = useSaveMutation({
    mutation: trpc.seatMaps.change.mutationOptions(),
    success: (r) => r.message,
    onSuccess: async () => {
      clear();
      await queryClient.invalidateQueries(trpc.seatMaps.state.queryFilter({ eventId: event.id }));
    },
  });
  const act = (action: Action, channel?: string | null) => change.mutate({ eventId: event.id, seats: [...selected], action, ...(channel !== undefined ? { channel } : {}) });
  const switchMode = (next: Mode) => {
    setMode(next);
    clear();
  };

  if (map.isError || drawing.isError) return <Text color="fg.error">{SEATING_MSG.loadFailed}</Text>;
  if (!map.data || !drawing.data || !state.data) return <LoadingSpinner label="Indlæser pladskort" />;
  const layout = drawing.data;
  const zero: TSeatCounts = { free: 0, held: 0, booked: 0, blocked: 0 };
  const counts = state.data;
  const busy = change.isPending;
  const none = selected.size === 0 || busy;
  return (
    <Stack gap="4">
      <Section title="Planoversigt">
        <Text color="fg.muted" mb="3">
          Salsplan: {map.data.name}
        </Text>
        <Counts counts={state.data.counts} />
        <Flex mt="4" gap="6" wrap="wrap">
          <Switch.Root checked={mode === 'sale'} onCheckedChange={(d) => switchMode(d.checked ? 'sale' : null)}>
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Salgstilstand</Switch.Label>
          </Switch.Root>
          <Switch.Root checked={mode === 'booking'} onCheckedChange={(d) => switchMode(d.checked ? 'booking' : null)}>
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Booking tilstand</Switch.Label>
          </Switch.Root>
        </Flex>
        {mode && (
          <Box mt="3" p="3" borderWidth="1px" borderRadius="md" bg="bg.subtle">
            <Text mb="2" aria-live="polite">
              {selected.size === 1 ? '1 plads markeret' : `${formatCount(selected.size)} pladser markeret`}
              {' · '}
              <Text as="span" color="fg.muted">
                Klik på pladser, eller brug Markér område for at markere mange.
              </Text>
            </Text>
            <Flex gap="2" wrap="wrap" align="flex-end">
              {mode === 'sale' ? (
                <>
                  <Button size="sm" colorPalette="red" variant="outline" disabled={none} onClick={() => act('block')}>
                    Spær
                  </Button>
                  <Button size="sm" variant="outline" disabled={none} onClick={() => act('unblock')}>
                    Frigiv
                  </Button>
                  <Box minW={{ base: 'full', md: '280px' }}>
                    <CompanyPicker type="Kanal" selected={company ? [company] : []} onChange={(s) => setCompany(s.at(-1) ?? null)} />
                  </Box>
                  <Button size="sm" variant="outline" disabled={none || !company} onClick={() => company && act('channel', `company:${company.id}`)}>
                    Tildel kanal
                  </Button>
                  <Button size="sm" variant="outline" disabled={none} onClick={() => act('channel', null)}>
                    Fjern kanal
                  </Button>
                </>
              ) : (
                <>
                  <Button size="sm" colorPalette="brand" disabled={none} onClick={() => act('book')}>
                    Book
                  </Button>
                  <Button size="sm" variant="outline" disabled={none} onClick={() => act('release')}>
                    Frigiv booking
                  </Button>
                </>
              )}
              <Button size="sm" variant="ghost" disabled={selected.size === 0} onClick={clear}>
                Ryd markering
              </Button>
            </Flex>
          </Box>
        )}
      </Section>
      <SeatMap
        layout={layout}
        label={`Pladskort for ${event.title}`}
        looks={looks}
        channels={channels}
        selected={selected}
        onSelect={mode ? onSelect : undefined}
        lasso={mode !== null}
      />
      <SeatLegend layout={layout} looks={['held', 'booked', 'blocked']} extra={['channel', 'selected']} />
      {state.data.channels.length > 0 && (
        <Text fontSize="sm" color="fg.muted">
          Kanaler: {state.data.channels.map((c) => c.name).join(', ')}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <CountTable title="Sektioner" rows={layout.sections.map((s) => [s.name, counts.sections[s.key] ?? zero])} />
        <CountTable title="Kategorier" rows={layout.categories.map((c) => [c.label, counts.categories[c.key] ?? zero])} />
      </SimpleGrid>
    </Stack>
  );
}

/** The state as the renderer draws it: a look per seat that is not plainly free, and the channel seats. */
function marksOf(state: TSeatMapState | undefined) {
  const looks = new Map<string, SeatLook>();
  const channels = new Map<string, string>();
  if (!state) return { looks, channels };
  const names = new Map(state.channels.map((c) => [c.key, c.name]));
  for (const [code, status, channel] of state.seats) {
    if (status !== 'free') looks.set(code, status);
    if (channel) channels.set(code, names.get(channel) ?? channel);
  }
  return { looks, channels };
}

const total = (c: TSeatCounts) => c.free + c.held + c.booked + c.blocked;

function Counts({ counts }: { counts: TSeatCounts }) {
  return (
    <HStack gap={{ base: 4, md: 8 }} wrap="wrap" aria-label="Pladser i alt" role="group">
      {[...STATES, { key: 'total' as const, label: 'I alt' }].map((s) => (
        <Box key={s.key}>
          <Text fontSize="sm" color="fg.muted">
            {s.label}
          </Text>
          <Text fontSize="2xl" fontWeight="semibold" data-testid={`seats-${s.key}`}>
            {formatCount(s.key === 'total' ? total(counts) : counts[s.key])}
          </Text>
        </Box>
      ))}
    </HStack>
  );
}

function CountTable({ title, rows }: { title: string; rows: [string, TSeatCounts][] }) {
  return (
    <Section title={title}>
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label={title}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Navn</Table.ColumnHeader>
              {STATES.map((s) => (
                <Table.ColumnHeader key={s.key} textAlign="end">
                  {s.label}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end">I alt</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map(([name, c]) => (
              <Table.Row key={name}>
                <Table.Cell fontWeight="medium">{name}</Table.Cell>
                {STATES.map((s) => (
                  <Table.Cell key={s.key} textAlign="end">
                    {formatCount(c[s.key])}
                  </Table.Cell>
                ))}
                <Table.Cell textAlign="end">{formatCount(total(c))}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Section>
  );
}

import { Button, Dialog, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { CONTRACT_MSG } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { Copy, MoveRight, X } from 'lucide-react';
import { useState } from 'react';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { errorMessage } from '../../ui/errors';
import { formatDateTime } from '../../ui/format';
import { Modal } from '../../ui/Modal';
import { DeleteButton } from '../../ui/RowActions';
import { SearchInput } from '../../ui/SearchInput';
import { notify } from '../../ui/toaster';
import type { ContractLineDraft } from './values';

type Action = 'move' | 'copy' | 'remove';

/** A stored line that holds seats of an event (the server's test: a seat, a seat event or a seat ticket). */
export const isSeatLine = (l: ContractLineDraft): l is ContractLineDraft & { id: number } => !!l.id && (!!l.seat || !!l.seatEventId || l.type === 'seat-ticket');

/** The events a seat line can go to, upcoming first; titles for the Plads cell. */
export function useSeatEvents(search = '') {
  const trpc = useTRPC();
  return useQuery(trpc.contracts.seatEvents.queryOptions({ search: search || undefined }));
}

/**
 * A seat line's Flyt / Kopier (a dialog picks the target event) and Fjern (asks first), through
 * contracts.seatLines on the stored lines: unsaved changes must be saved first; afterwards `onDone`
 * reads the agreement again. A seat that is taken at the target shows the server's text.
 */
export function SeatLineActions({ contractId, line, dirty, onDone }: { contractId: number; line: ContractLineDraft & { id: number }; dirty: boolean; onDone: () => Promise<void> }) {
  const client = useTRPCClient();
  const [dialog, setDialog] = useState<'move' | 'copy' | null>(null);
  const [busy, setBusy] = useState<Action | null>(null);
  const name = `plads ${line.seat || line.title}`;

  const run = async (action: Action, eventId: number | null) => {
    if (dirty) {
      notify.error(CONTRACT_MSG.saveFirst);
      return false;
    }
    setBusy(action);
    try {
      const r = await client.contracts.seatLines.mutate({ id: contractId, lineIds: [line.id], action, eventId });
      notify.success(r.message);
      await onDone();
      return true;
    } catch (e) {
      notify.error(errorMessage(e));
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button size="xs" variant="outline" aria-label={`Flyt ${name}`} loading={busy === 'move'} onClick={() => setDialog('move')}>
        <MoveRight /> Flyt
      </Button>
      <Button size="xs" variant="outline" aria-label={`Kopier ${name}`} loading={busy === 'copy'} onClick={() => setDialog('copy')}>
        <Copy /> Kopier
      </Button>
      <DeleteButton name={name} label="Fjern" icon={<X />} confirmText={CONTRACT_MSG.confirmRemoveSeatLine} onConfirm={() => void run('remove', null)} />
      {dialog && (
        <SeatEventModal
          action={dialog}
          currentEventId={line.seatEventId ? Number(line.seatEventId) : null}
          busy={busy === dialog}
          onClose={() => setDialog(null)}
          onPick={async (eventId) => {
            if (await run(dialog, eventId)) setDialog(null);
          }}
        />
      )}
    </>
  );
}

/** Picks the target event: the club's events, upcoming first, searchable by title. */
function SeatEventModal({
  action,
  currentEventId,
  busy,
  onClose,
  onPick,
}: {
  action: 'move' | 'copy';
  currentEventId: number | null;
  busy: boolean;
  onClose: () => void;
  onPick: (eventId: number) => void;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const events = useSeatEvents(search);
  const rows = (events.data ?? []).filter((e) => e.id !== currentEventId);
  const label = action === 'move' ? 'Flyt' : 'Kopier';
  return (
    <Modal open onClose={onClose} title={action === 'move' ? 'Flyt plads til arrangement' : 'Kopier plads til arrangement'} testId="seat-event-modal">
      <Dialog.Body>
        <Stack gap="3">
          <SearchInput value={search} onChange={setSearch} placeholder="Søg arrangement..." maxW="100%" />
          {rows.length === 0 && !events.isFetching ? (
            <Text color="fg.muted">Ingen elementer blev fundet.</Text>
          ) : (
            <RadioGroup.Root value={picked} onValueChange={(d) => setPicked(d.value)} aria-label="Arrangement">
              <Stack gap="2" maxH="20rem" overflowY="auto">
                {rows.map((e) => (
                  <RadioGroup.Item key={e.id} value={String(e.id)}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      {e.title}{' '}
                      <Text as="span" color="fg.muted" fontSize="sm">
                        {formatDateTime(e.startDate)}
                      </Text>
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Fortryd
        </Button>
        <Button disabled={!picked} loading={busy} onClick={() => picked && onPick(Number(picked))}>
          {label}
        </Button>
      </Dialog.Footer>
    </Modal>
  );
}

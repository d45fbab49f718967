import { Dialog, Field, Input, Stack } from '@chakra-ui/react';
import { GATE_MSG, SCAN_DEBOUNCE_MS, type TScanResponse } from '@klubhus/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { errorMessage } from '../../ui/errors';
import { Modal } from '../../ui/Modal';
import { CameraScanner } from './CameraScanner';
import { ScanPanel } from './ScanPanel';

/**
 * The scan modal (SPEC §2, §8, §9): a hand scanner types the code into the field; 500 ms after the
 * last keystroke (or at once on Enter) the ticket is scanned, the panel shows the answer and the
 * field empties for the next guest, keeping its focus. The phone's camera can type the code instead.
 */
export function ScanModal({ eventId, open, onClose, onScanned }: { eventId: number; open: boolean; onClose: () => void; onScanned: () => void }) {
  const trpc = useTRPC();
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<TScanResponse | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // With the camera on, focusing the field would open a phone's keyboard over the picture.
  const camera = useRef(false);
  const scan = useMutation(
    trpc.gate.scan.mutationOptions({
      onSuccess: (r) => {
        setAnswer(r);
        onScanned();
      },
      onError: (e) => setAnswer({ success: false, status: 'unknown', result: null, error: errorMessage(e), data: null, firstScannedAt: null, firstScannedBy: null, replayed: false }),
      onSettled: () => {
        if (!camera.current) input.current?.focus();
      },
    }),
  );
  const submit = (value: string) => {
    const ticketId = value.trim();
    if (!ticketId || scan.isPending) return;
    setCode('');
    scan.mutate({ id: eventId, ticketId });
  };
  // SPEC §9: 500 ms after the last keystroke — counted from the last change of the code (or from the
  // end of the scan before it), not from the last render: a render for anything else must not put
  // the scan off.
  const submitLatest = useRef(submit);
  submitLatest.current = submit;
  useEffect(() => {
    if (!code.trim() || scan.isPending) return;
    const t = setTimeout(() => submitLatest.current(code), SCAN_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [code, scan.isPending]);
  useEffect(() => {
    if (!open) {
      setCode('');
      setAnswer(null);
    }
  }, [open]);

  return (
    <Modal open={open} onClose={onClose} title={GATE_MSG.scanTicket} testId="scan-modal">
      <Dialog.Body pb="6">
        <Stack gap="4">
          <Field.Root>
            <Field.Label>{GATE_MSG.ticketCode}</Field.Label>
            <Input
              ref={input}
              value={code}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              inputMode="text"
              size="lg"
              onChange={(e) => setCode(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  submit(code);
                }
              }}
            />
          </Field.Root>
          {/* A decoded code is typed into the field: the same debounce and scan as a hand scanner. */}
          {open && <CameraScanner onCode={setCode} onActive={(on) => (camera.current = on)} />}
          <div aria-live="polite">{answer && <ScanPanel scan={answer} />}</div>
        </Stack>
      </Dialog.Body>
    </Modal>
  );
}

import { Box, Button, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { CONTRACT_MSG } from '@klubhus/domain/contractTexts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { base64ToBytes } from '../../../lib/transfer';
import { useTRPC } from '../../../lib/trpc';
import { errorMessage } from '../../../ui/errors';

/** The signature dialog: the signer's name, a pad (SPEC §9: pen 0.5–2.5), 'Underskrift er påkrævet!' when empty; signing posts the drawing. */
export default function SignModal({ open, onClose, id, token, onSigned }: { open: boolean; onClose: () => void; id: string; token: string; onSigned: (bytes: Uint8Array, fileName: string) => void }) {
  const trpc = useTRPC();
  const pad = useRef<SignaturePad | null>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canvasRef = useCallback((canvas: HTMLCanvasElement | null) => {
    pad.current?.off();
    pad.current = null;
    if (!canvas) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    // The pad (SPEC §9: pen 0.5–2.5) comes in the dialog's own chunk, so it is there before the first stroke.
    pad.current = new SignaturePad(canvas, { minWidth: 0.5, maxWidth: 2.5, penColor: '#1a202c', backgroundColor: 'rgba(0,0,0,0)' });
  }, []);

  const sign = useMutation(trpc.contracts.sign.mutationOptions());
  const submit = async () => {
    if (!pad.current || pad.current.isEmpty()) {
      setProblem(CONTRACT_MSG.signatureRequired);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const r = await sign.mutateAsync({ id: Number(id), token, signature: pad.current.toDataURL('image/png'), name: name.trim() || undefined, userAgent: navigator.userAgent });
      onSigned(base64ToBytes(r.base64), r.fileName);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="signature-modal">
            <Dialog.Header>
              <Dialog.Title>Underskriv aftalen</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Field.Root>
                  <Field.Label>Dit navn</Field.Label>
                  <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
                </Field.Root>
                <Field.Root invalid={!!problem}>
                  <Field.Label>Underskrift</Field.Label>
                  <Box borderWidth="1px" rounded="md" bg="white" w="full">
                    <canvas ref={canvasRef} aria-label="Underskriftsfelt" data-testid="signature-canvas" style={{ width: '100%', height: 180, touchAction: 'none', display: 'block' }} />
                  </Box>
                  {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
                </Field.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={() => pad.current?.clear()}>
                Ryd
              </Button>
              <Button variant="outline" onClick={onClose}>
                Annuller
              </Button>
              <Button colorPalette="brand" loading={busy} onClick={() => void submit()}>
                Underskriv
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

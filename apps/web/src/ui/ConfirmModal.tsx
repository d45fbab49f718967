import { Button, Dialog, Text } from '@chakra-ui/react';
import { MSG } from '@klubhus/domain/messages';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { Modal } from './Modal';

export interface ConfirmModalProps {
  open: boolean;
  /** e.g. MSG.confirmDeleteModule: 'Er du sikker på at du vil slette dette modul?' */
  message: ReactNode;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button (deletions); default true. */
  destructive?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** SPEC shared UI: the confirm modal with Fortryd / Bekræft. */
export function ConfirmModal({
  open,
  message,
  title = MSG.confirmTitle,
  confirmLabel = MSG.confirm,
  cancelLabel = MSG.cancel,
  destructive = true,
  loading,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  return (
    <Modal open={open} onClose={onCancel} title={title} testId="confirm-modal" role="alertdialog" placement="center">
      <Dialog.Body>
        <Text>{message}</Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button colorPalette={destructive ? 'red' : 'brand'} loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </Modal>
  );
}

type ConfirmFn = (message: ReactNode, opts?: Partial<Pick<ConfirmModalProps, 'title' | 'confirmLabel' | 'destructive'>>) => Promise<boolean>;
const ConfirmContext = createContext<ConfirmFn | null>(null);

/** Mounted once in App; gives useConfirm() to every screen. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ message: ReactNode; opts?: Parameters<ConfirmFn>[1] } | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const confirm = useCallback<ConfirmFn>((message, opts) => {
    resolver.current?.(false);
    setState({ message, opts });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setState(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ConfirmModal open={state !== null} message={state?.message} {...state?.opts} onConfirm={() => close(true)} onCancel={() => close(false)} />
    </ConfirmContext.Provider>
  );
}

/**
 *   const confirm = useConfirm();
 *   if (await confirm(MSG.confirmDeleteModule)) remove.mutate({ id });
 */
export function useConfirm(): ConfirmFn {
  const fn = useContext(ConfirmContext);
  if (!fn) throw new Error('useConfirm needs <ConfirmProvider>');
  return fn;
}

import { Button, Dialog, Text } from '@chakra-ui/react';
import { MSG } from '@klubhus/domain/messages';
import type { ReactNode } from 'react';
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

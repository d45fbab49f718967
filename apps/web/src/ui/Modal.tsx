import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ModalProps extends Pick<Dialog.RootProps, 'size' | 'placement' | 'role' | 'scrollBehavior'> {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** data-testid of the dialog content (e2e selectors). */
  testId?: string;
  /** Dialog.Body and Dialog.Footer (or a <form> around them). */
  children: ReactNode;
}

/** A dialog: backdrop, title, the close button (Luk) in the corner; Escape and the backdrop close it. */
export function Modal({ open, onClose, title, testId, children, ...root }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} {...root}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            {title && (
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
            )}
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Luk" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

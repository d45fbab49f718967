import { Toaster as ChakraToaster, createToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';

/** SPEC §2/§9: toasts at the bottom right, closing after 6000 ms. */
export const TOAST_DURATION = 6000;

export const toaster = createToaster({ placement: 'bottom-end', duration: TOAST_DURATION, pauseOnPageIdle: true });

/** Shorthands used by every screen: notify.success('Modulet blev gemt!'), notify.error(message). */
export const notify = {
  success: (title: string, description?: string) => toaster.create({ type: 'success', title, description, duration: TOAST_DURATION, closable: true }),
  error: (title: string, description?: string) => toaster.create({ type: 'error', title, description, duration: TOAST_DURATION, closable: true }),
  info: (title: string, description?: string) => toaster.create({ type: 'info', title, description, duration: TOAST_DURATION, closable: true }),
};

/** Mounted once in App. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast" data-type={toast.type}>
            {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Luk" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

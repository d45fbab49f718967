import { createToaster } from '@chakra-ui/react';
import { lazy } from 'react';

/** SPEC §2/§9: toasts at the bottom right, closing after 6000 ms. */
export const TOAST_DURATION = 6000;

export const toaster = createToaster({ placement: 'bottom-end', duration: TOAST_DURATION, pauseOnPageIdle: true });

/** Shorthands used by every screen: notify.success('Modulet blev gemt!'), notify.error(message). */
export const notify = {
  success: (title: string, description?: string) => toaster.create({ type: 'success', title, description, duration: TOAST_DURATION, closable: true }),
  error: (title: string, description?: string) => toaster.create({ type: 'error', title, description, duration: TOAST_DURATION, closable: true }),
  info: (title: string, description?: string) => toaster.create({ type: 'info', title, description, duration: TOAST_DURATION, closable: true }),
};

/**
 * Mounted once in App. Its machinery (the toast group, dismissal, focus handling) loads just after
 * the first screen, not with it: a toast only ever follows something the user did.
 */
export const Toaster = lazy(() => import('./ToasterView'));

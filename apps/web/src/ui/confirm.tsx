import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useRef, useState } from 'react';
import type { ConfirmModalProps } from './ConfirmModal';

const LazyConfirmModal = lazy(() => import('./ConfirmModal').then((m) => ({ default: m.ConfirmModal })));

type ConfirmFn = (message: ReactNode, opts?: Partial<Pick<ConfirmModalProps, 'title' | 'confirmLabel' | 'destructive'>>) => Promise<boolean>;
const ConfirmContext = createContext<ConfirmFn | null>(null);

/** Mounted once in App; gives useConfirm() to every screen. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ message: ReactNode; opts?: Parameters<ConfirmFn>[1] } | null>(null);
  const [asked, setAsked] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const confirm = useCallback<ConfirmFn>((message, opts) => {
    resolver.current?.(false);
    setAsked(true);
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
      {/* The dialog's code loads the first time something asks (the storefront's first load goes without it). */}
      {(state !== null || asked) && (
        <Suspense fallback={null}>
          <LazyConfirmModal open={state !== null} message={state?.message} {...state?.opts} onConfirm={() => close(true)} onCancel={() => close(false)} />
        </Suspense>
      )}
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

import { useCallback, useSyncExternalStore } from 'react';

/**
 * Small persisted UI preferences (SPEC §1: dark mode, sidebar state and safe
 * mode are kept locally). Values are JSON in localStorage under `klubhus:{key}`;
 * every hook using the same key stays in sync.
 */
const listeners = new Map<string, Set<() => void>>();

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(`klubhus:${key}`);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeStored<T>(key: string, value: T) {
  try {
    localStorage.setItem(`klubhus:${key}`, JSON.stringify(value));
  } catch {
    // private mode or full storage: the preference lasts for this page only
  }
  for (const l of listeners.get(key) ?? []) l();
}

export function readStored<T>(key: string, fallback: T): T {
  return read(key, fallback);
}

export function useStoredState<T extends string | number | boolean | null>(key: string, fallback: T) {
  const subscribe = useCallback(
    (cb: () => void) => {
      let set = listeners.get(key);
      if (!set) {
        set = new Set();
        listeners.set(key, set);
      }
      set.add(cb);
      return () => set.delete(cb);
    },
    [key],
  );
  const value = useSyncExternalStore(subscribe, () => read(key, fallback));
  const setValue = useCallback((next: T | ((prev: T) => T)) => {
    const resolved = typeof next === 'function' ? (next as (p: T) => T)(read(key, fallback)) : next;
    writeStored(key, resolved);
  }, [key, fallback]);
  return [value, setValue] as const;
}

/** Sidebar open/closed in the back office. */
export const useSidebarOpen = () => useStoredState<boolean>('sidebar', true);
/** Safe mode: a user preference kept locally; screens may read it to hide risky bulk actions. */
export const useSafeMode = () => useStoredState<boolean>('safeMode', false);

import { useCallback, useEffect } from 'react';
import { readStored, useStoredState } from './storage';

export type ColorMode = 'light' | 'dark';

/** Applies the stored mode to <html> (Chakra v3's dark condition is the `dark` class). Called before the first render. */
export function applyStoredColorMode() {
  applyColorMode(readStored<ColorMode>('colorMode', 'light'));
}

function applyColorMode(mode: ColorMode) {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode !== 'dark');
  root.style.colorScheme = mode;
}

export function useColorMode() {
  const [colorMode, setColorMode] = useStoredState<ColorMode>('colorMode', 'light');
  useEffect(() => {
    applyColorMode(colorMode);
  }, [colorMode]);
  const toggleColorMode = useCallback(() => setColorMode((m) => (m === 'dark' ? 'light' : 'dark')), [setColorMode]);
  return { colorMode, setColorMode, toggleColorMode };
}

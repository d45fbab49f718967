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
  // The server paints its light first screen (app/shell.ts) only when it knows the device is not dark.
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the storefront serves
  document.cookie = mode === 'dark' ? 'klubhus_color_mode=dark; path=/; max-age=31536000; samesite=lax' : 'klubhus_color_mode=; path=/; max-age=0; samesite=lax';
}

export function useColorMode() {
  const [colorMode, setColorMode] = useStoredState<ColorMode>('colorMode', 'light');
  useEffect(() => {
    applyColorMode(colorMode);
  }, [colorMode]);
  const toggleColorMode = useCallback(() => setColorMode((m) => (m === 'dark' ? 'light' : 'dark')), [setColorMode]);
  return { colorMode, setColorMode, toggleColorMode };
}

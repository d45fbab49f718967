import './boot';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyStoredColorMode } from './ui/color-mode';

// Before the first paint, so a dark-mode user never sees a light flash.
applyStoredColorMode();

// The server's first screen (app/shell.ts) goes when the app's first screen is ready (router.tsx);
// should that never come (a chunk that fails to load), the app's own state shows after 10 s.
setTimeout(() => document.getElementById('shell')?.remove(), 10_000);

// A transition: React renders the first screen in slices of a few milliseconds between which the
// browser may paint and answer input, instead of one long task (Lighthouse's total blocking time).
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

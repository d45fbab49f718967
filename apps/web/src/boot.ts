// The script of index.html. Before React, Chakra's system and the app are evaluated (main.tsx), it asks
// for the app state (lib/early.ts) and starts loading the public page of the current path, so both
// requests overlap the bundle's start-up instead of following it.
import { matchPath } from 'react-router';
import { DOMAIN_ROUTES } from './app/domains';
import { startEarlyAppState } from './lib/early';
import { accessOf } from './lib/registry';

startEarlyAppState();

// Back-office pages wait for the guards: visitors never download them.
for (const def of DOMAIN_ROUTES) {
  if (accessOf(def) === 'public' && matchPath({ path: def.path, end: true }, window.location.pathname)) void def.component().catch(() => {});
}

// The app itself. When the server painted its first screen (app/shell.ts), the browser shows that
// before the app's start-up (a long task of evaluating Chakra and React) holds the main thread: the
// app starts in the task after the next frame. Its chunks are fetched meanwhile (index.html preloads
// them, vite.config.ts).
const startApp = () => void import('./main');
if (document.getElementById('shell') && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(startApp, 0));
else startApp();

// The first script of index.html (Vite puts it first in the entry chunk). Before React, Chakra's system
// and the app are evaluated, it asks for the app state (lib/early.ts) and starts loading the public
// page of the current path, so both requests overlap the bundle's start-up instead of following it.
import { matchPath } from 'react-router';
import { DOMAIN_ROUTES } from './app/domains';
import { startEarlyAppState } from './lib/early';
import { accessOf } from './lib/registry';

startEarlyAppState();

// Back-office pages wait for the guards: visitors never download them.
for (const def of DOMAIN_ROUTES) {
  if (accessOf(def) === 'public' && matchPath({ path: def.path, end: true }, window.location.pathname)) void def.component().catch(() => {});
}

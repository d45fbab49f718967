// main.tsx's first import, so it runs before React, Chakra's system and the app are evaluated: it starts
// loading the public page of the current path (start.ts has asked for the app state already,
// lib/early.ts), so both requests overlap the bundle's start-up instead of following it.
import { matchPath } from 'react-router';
import { DOMAIN_ROUTES } from './app/domains';
import { accessOf } from './lib/registry';

// Back-office pages wait for the guards: visitors never download them.
for (const def of DOMAIN_ROUTES) {
  if (accessOf(def) === 'public' && matchPath({ path: def.path, end: true }, window.location.pathname)) void def.component().catch(() => {});
}

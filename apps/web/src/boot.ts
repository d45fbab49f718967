// The first script of index.html (Vite puts it first in the entry chunk): asks for the app state before
// React, Chakra's system and the router are evaluated, so the request overlaps their start-up. See lib/early.ts.
import { startEarlyAppState } from './lib/early';

startEarlyAppState();

// The one script of index.html, kept free of imports that weigh: it asks for the app state (lib/early.ts)
// at once and loads the app (main.tsx, boot.ts first) right away, or — when the server painted a first
// screen (app/shell.ts) — once the browser reports that screen painted. Lighthouse counts a script that
// runs before the first paint, and everything it imports, as blocking that paint. Without a first screen
// index.html preloads the app's chunks (vite.config.ts); with one the server leaves those links out and
// the chunks are fetched from here, once the screen is painted.
import { startEarlyAppState } from './lib/early';

startEarlyAppState();

let started = false;
const startApp = () => {
  if (started) return;
  started = true;
  void import('./main');
};

if (document.getElementById('shell') && document.visibilityState === 'visible' && typeof PerformanceObserver === 'function') {
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(startApp, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    startApp();
  }
  // A browser that does not report paints starts the app a moment later all the same.
  setTimeout(startApp, 500);
} else {
  startApp();
}

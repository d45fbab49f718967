import { useEffect } from 'react';
import { keepAppStateOffline, useAppState } from '../../lib/appState';

const MANIFEST = '/gate.webmanifest';
const WORKER = '/gate-sw.js';

/**
 * Gate mode as an installable app (issue 16): the web app manifest is linked while gate mode is
 * shown (the storefront links none), and a service worker scoped to this event's gate page keeps the
 * app shell and the page's assets, so gate mode opens again with the network cut. The app state is
 * kept too (lib/appState), so the route's guards let the page open offline.
 */
export function useGateApp(eventId: number) {
  const { client, user } = useAppState();
  useEffect(() => keepAppStateOffline(client, user), [client, user]);

  useEffect(() => {
    // No start_url in the manifest: it defaults to this page, so the installed app opens this event's gate.
    const link = Object.assign(document.createElement('link'), { rel: 'manifest', href: MANIFEST });
    const theme = Object.assign(document.createElement('meta'), { name: 'theme-color', content: '#1f6f43' });
    document.head.append(link, theme);
    return () => {
      link.remove();
      theme.remove();
    };
  }, []);

  useEffect(() => {
    if (!eventId || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    void (async () => {
      try {
        await navigator.serviceWorker.register(WORKER, { scope: `/events/${eventId}/gate` });
        const ready = await navigator.serviceWorker.ready;
        if (cancelled) return;
        // What this page already loaded came before the worker: hand it the addresses to keep.
        const urls = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((u) => new URL(u).origin === location.origin && new URL(u).pathname.startsWith('/assets/'));
        ready.active?.postMessage({ type: 'cache', urls });
      } catch {
        // No service worker (private mode, http): gate mode works, only not offline after a reload.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [eventId]);
}

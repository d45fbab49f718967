/**
 * The app state (club configuration and user) is the first thing every screen waits for. boot.ts
 * asks for it before the rest of the bundle is evaluated (Chakra, React, the router); the tRPC
 * client then takes that answer instead of asking again (once, and only for the same URL).
 */
export const APP_STATE_URL = `/trpc/app.client,app.user?batch=1&input=${encodeURIComponent('{}')}`;

interface Early {
  url: string;
  response: Promise<Response> | null;
}

declare global {
  interface Window {
    __klubhusEarly?: Early;
  }
}

export function startEarlyAppState() {
  if (typeof window === 'undefined' || typeof fetch !== 'function') return;
  const response = fetch(APP_STATE_URL, { credentials: 'same-origin' });
  // A failure here is the tRPC client's to see (it asks again); never an unhandled rejection.
  response.catch(() => {});
  window.__klubhusEarly = { url: APP_STATE_URL, response };
}

/** The early answer for `url`, once; null when there is none (the caller fetches). */
export function takeEarly(url: string): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__klubhusEarly;
  if (!early?.response || !url.endsWith(early.url)) return null;
  const { response } = early;
  early.response = null;
  return response.catch(() => fetch(url, { credentials: 'same-origin' }));
}

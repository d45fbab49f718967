import { MSG } from '@klubhus/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: a write is accepted only from our own origin and
 * only as JSON (or multipart where a route takes files). tRPC alone would take
 * a text/plain form post as a mutation (tRPC issue #5522); a cookie-carrying
 * form from another site must never get that far.
 */
export function refuseCrossSiteWrite(req: FastifyRequest, reply: FastifyReply, multipartAllowed: boolean): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const origin = req.headers.origin;
  const fetchSite = req.headers['sec-fetch-site'];
  const host = req.headers.host;
  const sameOrigin = origin === undefined || (host !== undefined && originHost(origin) === host.toLowerCase());
  const siteOk = fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  const typeOk = !hasBody || type === 'application/json' || (multipartAllowed && type === 'multipart/form-data');
  if (sameOrigin && siteOk && typeOk) return false;
  reply.code(403).send({ success: false, error: MSG.invalidOrigin });
  return true;
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * A GET that changes state (GET /logout, GET /api/app/change-client/:id) is a
 * link the app follows; another site could make the browser follow it with the
 * session cookie (SameSite=Lax sends it on top-level navigations). The browser
 * says where a navigation came from in Sec-Fetch-Site: only our own origin, or
 * the person typing the address or using a bookmark ('none'), may do it. Browsers
 * without the header pass, as the write check does.
 */
export function refuseCrossSiteNavigation(req: FastifyRequest, reply: FastifyReply): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none') return false;
  reply.code(403).send({ success: false, error: MSG.invalidOrigin });
  return true;
}

/**
 * The security headers of every answer (what @fastify/helmet 13 sent with our settings), as one
 * constant: helmet rebuilt and re-parsed them on every request (0.09–0.15 ms of Node CPU a call).
 * A route may still set its own (file downloads set a stricter CSP).
 *
 * The card providers' own origins are the only outside ones: Stripe.js and its Elements frames
 * (script-src, frame-src, connect-src and its card icons, as Stripe's CSP guide lists them) — with
 * 'self' alone a real browser refused the script and the payment showed 'Stripe script not ready'
 * (the Stripe browser test found it) — and OnPay's payment window, which the buyer's browser posts
 * a signed form to (form-action).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    "form-action 'self' https://onpay.io",
    "frame-ancestors 'self'",
    "img-src 'self' data: blob: https://*.stripe.com",
    "object-src 'none'",
    "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self' https://api.stripe.com",
    "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
  ].join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

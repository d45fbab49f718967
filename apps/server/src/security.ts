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

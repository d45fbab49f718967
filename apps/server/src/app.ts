import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import {
  type ApiConfig,
  type ApiDeps,
  appRouter,
  bookingBaseUrl,
  type Context,
  createCaller,
  createContext,
  type RequestAuth,
  type RequestMeta,
  SESSION_COOKIE,
  SESSION_POLICY,
  sessionIdOf,
  validateSession,
} from '@klubhus/api';
import type { DatabaseHandle } from '@klubhus/db';
import { reportInternalError, setInternalErrorLogger } from '@klubhus/api/lib/errors';
import { containsNul, EVENTS_PAGE_LIMIT, MAX_FILE_BYTES, MAX_UPLOADS, MSG } from '@klubhus/domain';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { openApiDocument } from './openapi';
import { restRoutes } from './rest';
import { restCaller, restError } from './rest/route';
import { parseTrustProxy, type TrustProxy } from './config';
import { MULTIPART_LIMITS, readMultipart } from './rest/multipart';
import { refuseCrossSiteNavigation, refuseCrossSiteWrite, SECURITY_HEADERS } from './security';
import { trpcRoutes } from './trpc';
import { compressApiAnswers, serveWebApp } from './web';
import { WEBHOOK_PATHS, webhookRoutes } from './webhooks';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session the cookie names; checked by the procedure ladder, or here before a large body is read. */
    auth: RequestAuth;
  }
}

export interface AppOptions {
  database: DatabaseHandle;
  config: ApiConfig;
  /** Built web app to serve (apps/web/dist); skipped when missing. */
  webDist?: string;
  logger?: boolean;
  /** Told how every procedure call ended (tests). */
  observe?: ApiDeps['observe'];
  /** The clubs' e-conomic clients (tests: recorded answers); default from the environment. */
  economic?: ApiDeps['economic'];
  /** Which proxies' X-Forwarded-For to believe (see parseTrustProxy); default: TRUST_PROXY from the environment. */
  trustProxy?: TrustProxy;
}

export const MAX_UPLOAD_BYTES = MULTIPART_LIMITS.fileSize;
/** Any request body but a logged-in tRPC call's. */
export const BODY_LIMIT = 2 * 1024 * 1024;
/**
 * A logged-in tRPC call may carry as many uploads as a REST form (MAX_UPLOADS of MAX_FILE_BYTES each),
 * as base64 (4 bytes per 3) in JSON, plus the record's other fields.
 */
export const TRPC_BODY_LIMIT = Math.ceil((MAX_UPLOADS * MAX_FILE_BYTES * 4) / 3) + BODY_LIMIT;

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: fastifyTrustProxy(opts.trustProxy ?? parseTrustProxy(process.env.TRUST_PROXY)),
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: BODY_LIMIT,
  });
  const deps: ApiDeps = { database: opts.database, config: opts.config, observe: opts.observe, economic: opts.economic };

  await app.register(cookie);
  await app.register(multipart, { limits: { ...MULTIPART_LIMITS } });
  if (opts.logger) setInternalErrorLogger((errorId, err) => app.log.error({ errorId, err }, `Intern fejl ${errorId}`));

  // Errors outside a REST handler or tRPC (a hook, a body Fastify could not parse): Fastify's own
  // answer would carry the error's text; ours is Danish, and a 5xx gets a logged error id.
  app.setErrorHandler((error, _req, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) return reply.code(500).send({ success: false, error: MSG.unknownError, errorId: reportInternalError(error) });
    return reply.code(status).send({ success: false, error: status === 413 ? MSG.requestTooLarge : MSG.genericError });
  });

  app.decorateRequest('auth', null);
  // The hooks every call passes are few and synchronous: an async hook costs a promise and a turn.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    // The storefront's booking calls POST under /public/events (SPEC §7's base): a member's session counts there too.
    if (isApiPath(req.url) || (req.method === 'POST' && req.url.startsWith('/public/'))) {
      const sessionId = sessionIdOf(req.cookies[SESSION_COOKIE]);
      req.auth = sessionId ? { sessionId } : null;
    }
    done();
  });
  /** Whether the request has a live session, checked now (before its body is read); the answer is kept for the call. */
  const hasSession = async (req: FastifyRequest): Promise<boolean> => {
    if (req.auth && 'sessionId' in req.auth) req.auth = await validateSession(opts.database.db, req.auth.sessionId);
    return req.auth !== null;
  };
  // PostgreSQL refuses NUL in text: a request carrying one anywhere is refused in Danish
  // before any procedure runs, instead of ending as a 500 (the text schemas refuse it too).
  app.addHook('preHandler', (req, reply, done) => {
    // Webhook bodies are raw bytes, read only through their signature.
    if (isApiPath(req.url) && !Buffer.isBuffer(req.body) && (requestHasNul(req.body) || requestHasNul(req.query))) {
      reply.code(400).send({ success: false, error: MSG.invalidText });
      return;
    }
    done();
  });
  // Answers for a session are nobody else's: no shared or browser cache keeps them, unless a
  // route chose its own policy (file downloads).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (isApiPath(req.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  const requestMeta = (req: FastifyRequest, reply: FastifyReply): RequestMeta => ({
    ip: req.ip,
    setSessionCookie(token, remember) {
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.config.secureCookies,
        // Without remember-me the cookie ends with the browser; the server's idle expiry applies either way.
        ...(remember ? { maxAge: SESSION_POLICY.remember.idle / 1000 } : {}),
      });
    },
    clearSessionCookie() {
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.config.secureCookies });
    },
  });
  const contextFor = (req: FastifyRequest, reply: FastifyReply): Context =>
    createContext(deps, req.auth, requestMeta(req, reply), req.headers.host ?? null);

  // tRPC: the typed API of the web client, and its one way to send files (ZUpload, base64).
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = TRPC_BODY_LIMIT;
    });
    // Synchronous for every call but a large body's (an async hook costs each call a promise and a turn).
    scope.addHook('onRequest', (req, reply, done) => {
      if (refuseCrossSiteWrite(req, reply, false)) return;
      // Only a session may send uploads: anyone else keeps the ordinary limit (a body of unknown length is
      // refused), before a byte is read.
      const length = req.headers['content-length'];
      const tooLarge = length === undefined ? req.headers['transfer-encoding'] !== undefined : Number(length) > BODY_LIMIT;
      if (!tooLarge) return done();
      hasSession(req).then(
        (yes) => (yes ? done() : reply.code(413).send({ success: false, error: MSG.requestTooLarge })),
        (error) => done(error),
      );
    });
    trpcRoutes(scope, { prefix: '/trpc', router: appRouter, createContext: contextFor });
  });

  // Payment providers' notifications: signed, raw bodies, no session.
  await webhookRoutes(app, { db: opts.database.db, baseUrl: opts.config.baseUrl });
  bookingBaseUrl.value = opts.config.baseUrl;

  // REST adapters: the documented URLs of SPEC §7.
  await app.register(async (scope) => {
    for (const route of restRoutes) {
      scope.route({
        method: route.method,
        url: route.url,
        onRequest: (req, reply, done) => {
          if (refuseCrossSiteWrite(req, reply, route.multipart === true)) return;
          if (route.navigationWrite && refuseCrossSiteNavigation(req, reply)) return;
          // A form for logged-in users is refused before a byte of it is read.
          if (!route.multipart || route.public) return done();
          hasSession(req).then(
            (yes) => (yes ? done() : reply.code(401).send({ success: false, error: MSG.notLoggedIn })),
            (error) => done(error),
          );
        },
        handler: async (req, reply) => {
          try {
            const body = route.multipart && req.isMultipart() ? await readMultipart(req) : ((req.body ?? {}) as Record<string, unknown>);
            const ctx = contextFor(req, reply);
            const result = await route.handler(restCaller(createCaller(ctx)), {
              ctx,
              params: req.params as Record<string, string>,
              query: req.query as Record<string, unknown>,
              body,
              req,
              reply,
            });
            if (reply.sent) return reply;
            return reply.send(result);
          } catch (error) {
            if (reply.sent) return reply;
            // restError logs an internal error under the id it answers.
            const { status, body } = restError(error);
            return reply.code(status).send(body);
          }
        },
      });
    }
  });

  app.get('/api/docs', async () => openApiDocument(restRoutes, WEBHOOK_PATHS));
  app.get('/api/health', async () => ({ ok: true }));

  compressApiAnswers(app, isApiPath);
  const webDist = opts.webDist ?? resolve(import.meta.dirname, '../../web/dist');
  const notFound = (_req: FastifyRequest, reply: FastifyReply) => reply.code(404).send({ success: false, error: MSG.notFound });
  // The visitor's club for the first screen the server paints (web.ts): what app.client answers a visitor.
  const visitorClub = async (req: FastifyRequest, reply: FastifyReply) => {
    const client = await createCaller(createContext(deps, null, requestMeta(req, reply), req.headers.host ?? null)).app.client();
    return client && { id: client.id, name: client.name, logo: client.logo, modules: client.modules.map((m) => m.alias), timeZone: client.timeZone };
  };
  // ... and the events it lists on /events: the public list as EventsPage asks for it (a stranger's: never private or not yet public).
  const visitorEvents = (req: FastifyRequest, reply: FastifyReply) =>
    createCaller(createContext(deps, null, requestMeta(req, reply), req.headers.host ?? null)).publicEvents.list({ limit: EVENTS_PAGE_LIMIT });
  if (!(await serveWebApp(app, webDist, { isApiPath, notFound, visitorClub, visitorEvents }))) app.setNotFoundHandler(notFound);
  return app;
}

/** A hop count as the function Fastify compiles it to (its types take no number): the n nearest hops are proxies. */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** NUL anywhere in a parsed body or query, or in a JSON text (tRPC bodies and its ?input=). */
function requestHasNul(value: unknown): boolean {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return true;
    if (!value.includes('\\u0000')) return false;
    try {
      return containsNul(JSON.parse(value));
    } catch {
      return false;
    }
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || requestHasNul(v));
  }
  return containsNul(value);
}

/** The server's own paths; everything else is the web app's (SPEC's public pages such as /public/events/invite/{token} too). */
function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc/') || url.startsWith('/logout');
}

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  type ApiConfig,
  appRouter,
  type Context,
  createCaller,
  createContext,
  type RequestMeta,
  SESSION_COOKIE,
  SESSION_POLICY,
  type Session,
  type SessionUser,
  validateSessionToken,
} from '@klubhus/api';
import type { DatabaseHandle } from '@klubhus/db';
import { MSG } from '@klubhus/domain';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { openApiDocument } from './openapi';
import { restRoutes } from './rest';
import { restError } from './rest/route';
import { refuseCrossSiteWrite } from './security';
import { readMultipart } from './rest/multipart';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { session: Session; user: SessionUser } | null;
  }
}

export interface AppOptions {
  database: DatabaseHandle;
  config: ApiConfig;
  /** Built web app to serve (apps/web/dist); skipped when missing. */
  webDist?: string;
  logger?: boolean;
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: process.env.TRUST_PROXY === '1',
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 2 * 1024 * 1024,
  });
  const deps = { database: opts.database, config: opts.config };

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 20 } });

  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    if (!isApiPath(req.url)) return;
    const token = req.cookies[SESSION_COOKIE];
    req.auth = token ? await validateSessionToken(opts.database.db, token) : null;
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

  // tRPC: the typed API of the web client.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      refuseCrossSiteWrite(req, reply, false);
    });
    await scope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }: { req: FastifyRequest; res: FastifyReply }) => contextFor(req, res),
      },
    });
  });

  // REST adapters: the documented URLs of SPEC §7.
  await app.register(async (scope) => {
    for (const route of restRoutes) {
      scope.route({
        method: route.method,
        url: route.url,
        onRequest: async (req, reply) => {
          refuseCrossSiteWrite(req, reply, route.multipart === true);
        },
        handler: async (req, reply) => {
          try {
            const body = route.multipart && req.isMultipart() ? await readMultipart(req) : ((req.body ?? {}) as Record<string, unknown>);
            const result = await route.handler(createCaller(contextFor(req, reply)), {
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
            const { status, body } = restError(error);
            if (status >= 500) req.log.error(error);
            return reply.code(status).send(body);
          }
        },
      });
    }
  });

  app.get('/api/docs', async () => openApiDocument(restRoutes));
  app.get('/api/health', async () => ({ ok: true }));

  const webDist = opts.webDist ?? resolve(import.meta.dirname, '../../web/dist');
  if (existsSync(resolve(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h' });
    // Hashed assets never change; index.html always revalidates.
    app.addHook('onSend', async (req, reply) => {
      if (req.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    });
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !isApiPath(req.url) && !req.url.startsWith('/assets/')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ success: false, error: MSG.notFound });
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ success: false, error: MSG.notFound }));
  }
  return app;
}

function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc/') || url.startsWith('/logout') || url.startsWith('/public/');
}

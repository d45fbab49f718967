import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Hashed build output: the name changes with the content, so it never needs revalidating. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built web app (apps/web/dist): the build writes `.br` and `.gz` beside each text asset and they
 * are sent as they are to browsers that accept them (Content-Encoding, Vary: Accept-Encoding);
 * /assets/* are cached for a year, index.html always revalidates, and every other GET that is not
 * an API path gets index.html (client-side routes). Returns false when there is no build to serve.
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDist: string,
  opts: {
    isApiPath: (url: string) => boolean;
    notFound: (req: FastifyRequest, reply: FastifyReply) => FastifyReply;
    /** The public club a visitor's request sees (name, logo, active module aliases); null: none. */
    visitorClub?: (req: FastifyRequest, reply: FastifyReply) => Promise<VisitorClub | null>;
  },
): Promise<boolean> {
  if (!existsSync(resolve(webDist, 'index.html'))) return false;
  const firstScreen = opts.visitorClub ? firstScreens(webDist, opts.visitorClub) : null;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    maxAge: '1h',
    preCompressed: true,
    // The compressed copies are variants of their file, never URLs of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/assets/')) {
      if (reply.statusCode === 200) reply.header('cache-control', IMMUTABLE);
    } else if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('cache-control', 'no-cache');
    }
  });
  app.setNotFoundHandler(async (req, reply) => {
    if (req.method === 'GET' && !opts.isApiPath(req.url) && !req.url.startsWith('/assets/')) {
      const html = await firstScreen?.(req, reply);
      if (html) {
        const encoding = pickEncoding(req.headers['accept-encoding']);
        reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(encoding === 'br' ? html.br : encoding === 'gzip' ? html.gzip : html.raw);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return opts.notFound(req, reply);
  });
  return true;
}

export interface VisitorClub {
  name: string;
  logo: string | null;
  modules: string[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * index.html with the first screen of /, /login or /events painted in it (the web app's
 * src/app/shell.ts, built to dist/shell.json), for a visitor only: a request with a session cookie
 * (a user whose screen could differ) or a dark-mode device gets index.html as it is, as does any
 * other path. The app takes the screen over once its own is ready.
 */
function firstScreens(webDist: string, visitorClub: NonNullable<Parameters<typeof serveWebApp>[2]['visitorClub']>) {
  const shellFile = resolve(webDist, 'shell.json');
  if (!existsSync(shellFile)) return null;
  const shell = JSON.parse(readFileSync(shellFile, 'utf8')) as { css: string; pages: Record<string, string> };
  const index = readFileSync(resolve(webDist, 'index.html'), 'utf8');
  if (!index.includes('<div id="root"></div>') || !index.includes('</head>')) return null;
  // Without index.html's modulepreload links: the app's chunks are fetched once the screen is painted (the web
  // app's start.ts imports them then), so their download does not compete with the first paint (Lighthouse
  // counts a script loaded before the first paint as blocking it, and the whole app then with it).
  const head = index.replace(/<link rel="modulepreload"[^>]*>\s*/g, '').replace('</head>', () => `<style>${shell.css}</style></head>`);
  // One page per path and club look, made and compressed once (index.html carries the theme's CSS: ~45 kB).
  const made = new Map<string, { raw: string; br: Buffer; gzip: Buffer }>();
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '';
    const page = shell.pages[path];
    if (!page) return null;
    const cookies = req.headers.cookie ?? '';
    if (/(^|;\s*)klubhus_session=/.test(cookies) || /(^|;\s*)klubhus_color_mode=dark/.test(cookies)) return null;
    const club = await visitorClub(req, reply).catch(() => null);
    if (!club || (path === '/events' && !club.modules.includes('events'))) return null;
    const key = `${path}\n${club.name}\n${club.logo ?? ''}`;
    let html = made.get(key);
    if (!html) {
      const name = escapeHtml(club.name);
      const logo = club.logo ? `<img src="${escapeHtml(club.logo)}" alt="">` : '';
      const screen = page.replaceAll('%CLUB%', () => name).replaceAll('%LOGO%', () => logo);
      const raw = head.replace('<div id="root"></div>', () => `<div id="shell">${screen}</div><div id="root"></div>`);
      html = { raw, br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), gzip: gzipSync(raw, { level: 9 }) };
      if (made.size >= 256) made.clear();
      made.set(key, html);
    }
    return html;
  };
}

/** API answers below this many bytes go out as they are: compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 4096;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function pickEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const header = Array.isArray(accept) ? accept.join(',') : accept;
  if (/\bbr\b/.test(header) && !/\bbr;\s*q=0(\.0*)?\b/.test(header)) return 'br';
  if (/\bgzip\b/.test(header) && !/\bgzip;\s*q=0(\.0*)?\b/.test(header)) return 'gzip';
  return null;
}

/**
 * Sends API answers whole: tRPC answers with a fetch Response whose body Fastify would stream in
 * chunked encoding (two writes and a reader per answer); taken apart here (status, headers, body)
 * it goes out as one buffer with its length. Large JSON answers are compressed for clients that
 * accept it: brotli at a fast quality, or gzip, off the event loop.
 */
export function sendApiAnswersWhole(app: FastifyInstance, isApiPath: (url: string) => boolean) {
  app.addHook('onSend', (req, reply, payload, done) => {
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const whole = payload instanceof Response;
    // The common case (an answer already whole, no compression asked for) stays synchronous.
    if ((!whole && !encoding) || !isApiPath(req.url)) return done(null, payload);
    wholeAnswer(reply, payload, encoding).then(
      (body) => done(null, body),
      (error) => done(error),
    );
  });
}

async function wholeAnswer(reply: FastifyReply, payload: unknown, encoding: 'br' | 'gzip' | null): Promise<unknown> {
  let body: string | Buffer;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    body = payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  } else if (payload instanceof Response) {
    const type = payload.headers.get('content-type') ?? '';
    if (!type.includes('json') || payload.headers.get('transfer-encoding') || payload.body === null) return payload;
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    body = await payload.text();
  } else {
    return payload;
  }
  if (!encoding || reply.getHeader('content-encoding')) return body;
  reply.header('vary', appendVary(reply.getHeader('vary')));
  if (Buffer.byteLength(body) < COMPRESS_MIN_BYTES) return body;
  const compressed =
    encoding === 'br'
      ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } })
      : await gzipAsync(body, { level: 6 });
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compressed;
}

function appendVary(current: unknown): string {
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (!value) return 'accept-encoding';
  return /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value) ? value : `${value}, accept-encoding`;
}

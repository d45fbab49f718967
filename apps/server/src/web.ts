import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { sanitizeRichText } from '@klubhus/api/comments/sanitize';
import { formatEventStartIn } from '@klubhus/domain';
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
    /** The events a visitor of the club sees on /events (the public list, as the page asks for it). */
    visitorEvents?: (req: FastifyRequest, reply: FastifyReply) => Promise<ShellEvent[]>;
  },
): Promise<boolean> {
  if (!existsSync(resolve(webDist, 'index.html'))) return false;
  const firstScreen = opts.visitorClub ? firstScreens(webDist, opts.visitorClub, opts.visitorEvents) : null;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    maxAge: '1h',
    preCompressed: true,
    // The compressed copies are variants of their file, never URLs of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
  });
  // Synchronous: every answer, API calls too, passes this hook (an async one costs each a promise and a turn).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/assets/')) {
      if (reply.statusCode === 200) reply.header('cache-control', IMMUTABLE);
    } else if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('cache-control', 'no-cache');
    }
    done(null, payload);
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
  id: number;
  name: string;
  logo: string | null;
  modules: string[];
  timeZone: string | null;
}

/** An event card of the public list (packages/api events/public.ts publicEventList). */
export interface ShellEvent {
  id: number;
  url: string;
  title: string;
  location: string | null;
  startDate: string;
  description: string | null;
  bannerPicture: string | null;
}

/** The web app's first screens (src/app/shell.ts, built to dist/shell.json). */
interface Shell {
  css: string;
  pages: Record<string, string>;
  /** SHELL_EVENT_PARTS: /events' cards as slots to fill. */
  events?: Record<'grid' | 'card' | 'image' | 'noImage' | 'location' | 'description' | 'empty' | 'skeleton', string>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Fills a template's %NAME% slots in one pass, so a value that itself reads like a slot (an event
 * titled '%CLUB%') stays as it is. Slots without a value are left alone.
 */
const fill = (template: string, values: Record<string, string>) => template.replace(/%([A-Z]+)%/g, (slot, name: string) => values[name] ?? slot);

/**
 * /events' list as EventsPage draws it for these events: EventCards in their grid, or the empty text.
 * Every text is escaped, the description sanitised with the web app's allow-list, the start printed
 * in the club's zone by the same function as the card's (formatEventStartIn).
 */
function eventsHtml(parts: NonNullable<Shell['events']>, events: ShellEvent[], timeZone: string | null): string {
  if (!events.length) return parts.empty;
  const cards = events.map((e, i) => {
    const title = escapeHtml(e.title);
    const description = sanitizeRichText(e.description);
    return fill(parts.card, {
      BANNER: e.bannerPicture
        ? fill(parts.image, { SRC: escapeHtml(e.bannerPicture), LOADING: i === 0 ? 'fetchpriority="high"' : 'loading="lazy"' })
        : parts.noImage,
      LOCATION: e.location ? fill(parts.location, { LOCATION: escapeHtml(e.location) }) : '',
      START: escapeHtml(formatEventStartIn(e.startDate, timeZone ?? undefined)),
      TITLE: title,
      // EventCard shows a description only when there is one (the raw text, as RichText gets it).
      DESCRIPTION: e.description ? fill(parts.description, { DESCRIPTION: description }) : '',
      HREF: escapeHtml(`/events/${encodeURIComponent(e.url)}`),
    });
  });
  return fill(parts.grid, { CARDS: cards.join('') });
}

/** How long a club's painted /events is kept per process: a rush costs one list read per club a second; staff's edits show within it. */
const EVENTS_TTL_MS = 1000;

/**
 * index.html with the first screen of /, /login or /events painted in it (the web app's
 * src/app/shell.ts, built to dist/shell.json), for a visitor only: a request with a session cookie
 * (a user whose screen could differ) or a dark-mode device gets index.html as it is, as does any
 * other path. /events carries the club's public event cards (visitorEvents: only what a stranger
 * may see), kept for EVENTS_TTL_MS per club; without them (no list, a failed read) its skeleton. The
 * app takes the screen over once its own is ready.
 */
function firstScreens(
  webDist: string,
  visitorClub: NonNullable<Parameters<typeof serveWebApp>[2]['visitorClub']>,
  visitorEvents: Parameters<typeof serveWebApp>[2]['visitorEvents'],
) {
  const shellFile = resolve(webDist, 'shell.json');
  if (!existsSync(shellFile)) return null;
  const shell = JSON.parse(readFileSync(shellFile, 'utf8')) as Shell;
  const index = readFileSync(resolve(webDist, 'index.html'), 'utf8');
  if (!index.includes('<div id="root"></div>') || !index.includes('</head>')) return null;
  // Without index.html's modulepreload links: the app's chunks are fetched once the screen is painted (the web
  // app's start.ts imports them then), so their download does not compete with the first paint (Lighthouse
  // counts a script loaded before the first paint as blocking it, and the whole app then with it).
  const head = index.replace(/<link rel="modulepreload"[^>]*>\s*/g, '').replace('</head>', () => `<style>${shell.css}</style></head>`);
  type Made = { raw: string; br: Buffer; gzip: Buffer };
  const make = (page: string, club: VisitorClub, events: string): Made => {
    const name = escapeHtml(club.name);
    const logo = club.logo ? `<img src="${escapeHtml(club.logo)}" alt="">` : '';
    // One pass: a club's name or an event's text that reads like a slot is left as it is.
    const screen = fill(page, { CLUB: name, LOGO: logo, EVENTS: events });
    const raw = head.replace('<div id="root"></div>', () => `<div id="shell">${screen}</div><div id="root"></div>`);
    return { raw, br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), gzip: gzipSync(raw, { level: 9 }) };
  };
  // One page per path and club look, made and compressed once (index.html carries the theme's CSS: ~45 kB).
  const made = new Map<string, Made>();
  // /events per club and look for EVENTS_TTL_MS: the list read and the compression shared by a rush's requests.
  const eventPages = new Map<string, { at: number; page: Promise<Made> }>();
  const skeleton = shell.events?.skeleton ?? '';
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '';
    const page = shell.pages[path];
    if (!page) return null;
    const cookies = req.headers.cookie ?? '';
    if (/(^|;\s*)klubhus_session=/.test(cookies) || /(^|;\s*)klubhus_color_mode=dark/.test(cookies)) return null;
    const club = await visitorClub(req, reply).catch(() => null);
    if (!club || (path === '/events' && !club.modules.includes('events'))) return null;
    const key = `${path}\n${club.id}\n${club.name}\n${club.logo ?? ''}\n${club.timeZone ?? ''}`;
    if (path === '/events' && shell.events && visitorEvents) {
      const parts = shell.events;
      const now = Date.now();
      const hit = eventPages.get(key);
      if (hit && now - hit.at < EVENTS_TTL_MS) return hit.page;
      const built = visitorEvents(req, reply).then(
        (events) => make(page, club, eventsHtml(parts, events, club.timeZone)),
        () => make(page, club, skeleton),
      );
      if (eventPages.size >= 256) eventPages.clear();
      eventPages.set(key, { at: now, page: built });
      return built;
    }
    let html = made.get(key);
    if (!html) {
      html = make(page, club, skeleton);
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
 * Large JSON answers of the API are compressed for clients that accept it: brotli at a fast quality,
 * or gzip, off the event loop. (tRPC answers arrive here as one string too: our adapter, trpc.ts,
 * reads tRPC's Response whole, so they go out with their length, not chunked.)
 */
export function compressApiAnswers(app: FastifyInstance, isApiPath: (url: string) => boolean) {
  app.addHook('onSend', (req, reply, payload, done) => {
    // Only the compression itself waits: every other answer passes synchronously.
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding || !isApiPath(req.url) || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
    if (!String(reply.getHeader('content-type') ?? '').includes('json') || reply.getHeader('content-encoding')) return done(null, payload);
    reply.header('vary', appendVary(reply.getHeader('vary')));
    const bytes = Buffer.byteLength(payload);
    if (bytes < COMPRESS_MIN_BYTES) return done(null, payload);
    const compressing =
      encoding === 'br'
        ? brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes } })
        : gzipAsync(payload, { level: 6 });
    compressing.then(
      (body) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, body);
      },
      (error) => done(error),
    );
  });
}

function appendVary(current: unknown): string {
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (!value) return 'accept-encoding';
  return /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value) ? value : `${value}, accept-encoding`;
}

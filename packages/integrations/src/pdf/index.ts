import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/**
 * HTML → PDF on the system Chromium (DESIGN.md: puppeteer-core, CHROME_PATH else /usr/bin/chromium),
 * shared by invoices and, later, contracts, tickets and table cards.
 *
 * - One warm browser per renderer, launched on first use (or by warm()) and launched again when it
 *   dies (a crash, a kill): the next document waits for the new one.
 * - A small pool of pages: a document takes a free page (or waits for one), sets its HTML and
 *   prints; the page goes back to the pool. At most `pages` documents render at once.
 * - A timeout per document: a page that does not answer in time is closed and replaced, and the
 *   document fails with PdfTimeoutError; the others go on.
 * - Whoever calls render() is a job or a worker, never a request handler (see the invoice PDF job).
 * - close() ends the browser (app shutdown, tests' afterAll).
 */

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-extensions',
  '--mute-audio',
];

export class PdfTimeoutError extends Error {}

export function chromiumPath(env: Record<string, string | undefined> = process.env): string {
  if (env.CHROME_PATH) return env.CHROME_PATH;
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) if (existsSync(p)) return p;
  return '/usr/bin/chromium';
}

export interface PdfRendererOptions {
  executablePath?: string;
  /** Pages kept warm and rendering at once (default 2: the machines have 2 cores). */
  pages?: number;
  /** Per document, milliseconds (default 20 s). */
  timeoutMs?: number;
}

export interface PdfRenderer {
  render(html: string): Promise<Buffer>;
  /** Starts the browser and the pages now (a warm first document). */
  warm(): Promise<void>;
  /** Browser launches so far (1 while it has never died). */
  readonly launches: number;
  /** The running browser's process id (tests kill it to see the renderer recover). */
  pid(): number | null;
  close(): Promise<void>;
}

export function pdfRenderer(opts: PdfRendererOptions = {}): PdfRenderer {
  const executablePath = opts.executablePath ?? chromiumPath();
  const size = Math.max(1, opts.pages ?? 2);
  const timeoutMs = opts.timeoutMs ?? 20_000;
  let browser: Promise<Browser> | null = null;
  let launches = 0;
  let closed = false;
  let current: Browser | null = null;
  const idle: Page[] = [];
  let busy = 0;
  const waiting: (() => void)[] = [];

  function launch(): Promise<Browser> {
    if (closed) return Promise.reject(new Error('the PDF renderer is closed'));
    if (!browser) {
      launches++;
      // pipe: CDP over the child's fds, so Chromium ends by itself when this process dies, however it dies.
      const p = puppeteer.launch({ executablePath, headless: true, pipe: true, args: CHROMIUM_ARGS, protocolTimeout: Math.max(30_000, timeoutMs * 2) });
      browser = p;
      p.then(
        (b) => {
          current = b;
          // Chromium runs in a process group of its own: if this process ends without close(), take it along.
          const reap = () => b.process()?.kill('SIGKILL');
          process.once('exit', reap);
          b.once('disconnected', () => process.off('exit', reap));
          b.on('disconnected', () => {
            // Dead: its pages go with it; the next document launches a new browser.
            if (browser === p) browser = null;
            if (current === b) current = null;
            idle.length = 0;
          });
        },
        () => {
          if (browser === p) browser = null;
        },
      );
    }
    return browser;
  }

  async function takePage(): Promise<Page> {
    while (busy >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    busy++;
    try {
      let b = await launch();
      if (!b.connected) {
        // Died before its 'disconnected' arrived: forget it and launch another.
        if (current === b) current = null;
        browser = null;
        idle.length = 0;
        b = await launch();
      }
      const page = idle.pop();
      if (page && !page.isClosed()) return page;
      return await b.newPage();
    } catch (e) {
      release();
      throw e;
    }
  }

  function release() {
    busy--;
    waiting.shift()?.();
  }

  async function renderOnce(html: string): Promise<Buffer> {
    const page = await takePage();
    let timer: NodeJS.Timeout | undefined;
    let healthy = true;
    try {
      const work = (async () => {
        await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
        return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, timeout: timeoutMs });
      })();
      // When the timeout wins, the abandoned render still settles later (often rejecting as its page
      // closes): observe it, or it becomes an unhandled rejection.
      work.catch(() => {});
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PdfTimeoutError(`PDF not rendered within ${timeoutMs} ms`)), timeoutMs);
      });
      const bytes = await Promise.race([work, timeout]);
      return Buffer.from(bytes);
    } catch (e) {
      healthy = false;
      throw e;
    } finally {
      clearTimeout(timer);
      if (healthy && !page.isClosed() && !closed) idle.push(page);
      else page.close().catch(() => {});
      release();
    }
  }

  /** A document that met a browser dying under it is rendered once more, on the next browser. */
  async function render(html: string): Promise<Buffer> {
    const used = current;
    try {
      return await renderOnce(html);
    } catch (e) {
      if (e instanceof PdfTimeoutError || closed || !used || used.connected) throw e;
      if (current === used) current = null;
      if (browser) browser = (await browser.catch(() => null))?.connected ? browser : null;
      idle.length = 0;
      return renderOnce(html);
    }
  }

  return {
    render,
    async warm() {
      const pages = await Promise.all(Array.from({ length: size }, () => takePage()));
      for (const p of pages) {
        idle.push(p);
        release();
      }
    },
    get launches() {
      return launches;
    },
    pid() {
      return current?.process()?.pid ?? null;
    },
    async close() {
      closed = true;
      const b = browser;
      browser = null;
      idle.length = 0;
      if (b) await (await b.catch(() => null))?.close().catch(() => {});
    },
  };
}

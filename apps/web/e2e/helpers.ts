import { mkdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';

export const PASSWORD = 'demo1234';
export const USERS = {
  admin: { email: 'admin@demo.dk', firstname: 'Anna', name: 'Anna Admin' },
  staff: { email: 'staff@demo.dk', firstname: 'Søren', name: 'Søren Stab' },
  member: { email: 'member@demo.dk', firstname: 'Mette', name: 'Mette Medlem' },
} as const;
export type Who = keyof typeof USERS;

/** Logs in through the login form and waits until the app has left /login. */
export async function login(page: Page, who: Who) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(USERS[who].email);
  await page.getByLabel('Adgangskode').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A unique suffix so specs sharing one server never collide. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** tRPC over HTTP with the cookies of the given request context (a logged-in page's `page.request`). */
export function trpc(request: APIRequestContext) {
  return {
    async query<T>(path: string, input?: unknown): Promise<T> {
      const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      const res = await request.get(`/trpc/${path}${qs}`);
      expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
      return ((await res.json()) as { result: { data: T } }).result.data;
    },
    async mutate<T>(path: string, input?: unknown): Promise<T> {
      const res = await request.post(`/trpc/${path}`, { data: input ?? {}, headers: { 'content-type': 'application/json' } });
      expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
      return ((await res.json()) as { result: { data: T } }).result.data;
    },
  };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Saves an event with tickets that is open for booking (sign-up since yesterday, starting in 10 days) with the given fields (title, typeId, tickets, …); answers its id. */
export async function saveOpenTicketEvent(api: ReturnType<typeof trpc>, fields: Record<string, unknown>): Promise<number> {
  const open = { startDate: inDays(10), endDate: inDays(10.1), signUpStart: inDays(-1), signUpDeadline: inDays(9), hasTickets: true };
  return (await api.mutate<{ id: number }>('events.update', { ...open, ...fields })).id;
}

/** Logs the request context in through the API (faster than the form) as the given user. */
export async function apiLogin(request: APIRequestContext, who: Who) {
  await trpc(request).mutate('auth.login', { email: USERS[who].email, password: PASSWORD, rememberMe: false });
}

export interface ClubModuleSetting {
  moduleId: number;
  alias: string;
  active: boolean;
  customEndpoint: string | null;
  features: { alias: string; active: boolean; settings: Record<string, string[]> }[];
  roleAcls: { ruleId: string; role: string }[];
}

/** Switches a module on or off for a club through the platform-admin API; returns the previous setting for restoring. */
export async function setModuleActive(request: APIRequestContext, clientId: number, alias: string, active: boolean) {
  const api = trpc(request);
  const modules = await api.query<ClubModuleSetting[]>('clients.modules', { clientId });
  const m = modules.find((x) => x.alias === alias);
  if (!m) throw new Error(`module ${alias} not found`);
  await api.mutate('clients.updateModule', {
    clientId,
    moduleId: m.moduleId,
    active,
    customEndpoint: m.customEndpoint,
    features: m.features.map((f) => ({ alias: f.alias, active: f.active, settings: f.settings })),
    roleAcls: m.roleAcls,
  });
  return m;
}

/** The id of a club by name, from the logged-in user's memberships. */
export async function clubId(request: APIRequestContext, name: string): Promise<number> {
  const user = await trpc(request).query<{ clients: { clientId: number; name: string }[] }>('app.user');
  const c = user.clients.find((x) => x.name === name);
  if (!c) throw new Error(`club ${name} not found`);
  return c.clientId;
}

/** A separate API session logged in as the platform admin (does not touch the page's cookies). */
export async function adminApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  await apiLogin(ctx, 'admin');
  return ctx;
}

/** The newest toast with this text (Chakra stacks the newest first; an older one may still be showing). */
export const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();

/** axe's serious and critical violations on the page, one line each (an empty list passes). */
export async function serious(page: Page) {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Screenshots of a page at 390 and 1280 px, scrolled to the top, into `<output>/<folder>` (or the
 * absolute folder given) as `<name>-<width>.png`; the page is left at 1280 px.
 */
export function screenshots(folder: string) {
  const dir = isAbsolute(folder) ? folder : join(process.env.E2E_OUTPUT_DIR ?? 'test-results', folder);
  return async function shoot(page: Page, name: string, fullPage = true) {
    mkdirSync(dir, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
}

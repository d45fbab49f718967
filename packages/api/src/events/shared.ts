import type { EventNotificationsJson, Tx } from '@klubhus/db';
import { EVENT_MSG, isImageMime, NOTIFICATION_GROUPS, type TNotifications } from '@klubhus/domain';
import { fail } from '../lib/errors';

/** What the event and type services share: file answers, the club's event settings, checks of ids. */

export interface FileInfo {
  id: number;
  name: string;
  url: string;
  publicUrl: string | null;
}

/** Public images of the storefront (banners, ticket pictures, sponsor logos): cacheable, nothing else. */
export const publicImageUrl = (id: number) => `/api/public/images/${id}`;

/** The named files of a record, in one query. */
export async function fileInfos(trx: Tx, clientId: number, ids: (number | null | undefined)[]): Promise<Map<number, FileInfo>> {
  const wanted = [...new Set(ids.filter((i): i is number => typeof i === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await trx.selectFrom('files').select(['id', 'file_name', 'mime_type']).where('client_id', '=', clientId).where('id', 'in', wanted).execute();
  return new Map(
    rows.map((f) => [f.id, { id: f.id, name: f.file_name, url: `/api/files/${f.id}`, publicUrl: isImageMime(f.mime_type) ? publicImageUrl(f.id) : null }]),
  );
}

/** settings.events of the club (SPEC §3 Client settings): sponsor types and template names. */
export async function eventSettings(trx: Tx, clientId: number) {
  const row = await trx.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirst();
  const events = ((row?.settings ?? {}) as { events?: Record<string, unknown> }).events ?? {};
  const names = (v: unknown) =>
    Array.isArray(v) ? v.map((t) => (typeof t === 'string' ? t : (t as { name?: unknown })?.name)).filter((t): t is string => typeof t === 'string' && t !== '') : [];
  return {
    sponsorTypes: names(events.sponsorTypes),
    emailTemplates: names(events.emailTemplates),
    smsTemplates: names(events.smsTemplates),
    ticketTemplates: names(events.ticketTemplates),
  };
}

/** Every chosen template is Standard or one of the club's (a stale name would send nothing). */
export function checkTemplates(notifications: TNotifications, known: string[]) {
  for (const g of NOTIFICATION_GROUPS) {
    const t = notifications[g]?.template;
    if (t && t !== 'standard' && !known.includes(t)) throw fail.badRequest(EVENT_MSG.unknownTemplate(t));
  }
}

/** Notifications as answered: every group present, reminder intervals always a list. */
export function notificationsOut(n: EventNotificationsJson) {
  return Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, { template: n[g]?.template ?? null, reminderInterval: n[g]?.reminderInterval ?? [] }]));
}

/** The products are the club's tickets (ticket or seat-ticket). */
export async function assertTicketProducts(trx: Tx, clientId: number, productIds: number[]) {
  const wanted = [...new Set(productIds)];
  if (!wanted.length) return;
  const rows = await trx.selectFrom('products').select(['id', 'type']).where('client_id', '=', clientId).where('id', 'in', wanted).execute();
  if (rows.length !== wanted.length) throw fail.badRequest(EVENT_MSG.unknownProduct);
  if (rows.some((r) => r.type === 'product')) throw fail.badRequest(EVENT_MSG.notTicketProduct);
}

/** The ids are rows of the club's table, else the Danish refusal. */
export async function assertOwn(
  trx: Tx,
  clientId: number,
  table: 'products' | 'companies' | 'contacts' | 'contact_lists' | 'seating_charts' | 'event_types',
  ids: (number | null | undefined)[],
  message: string,
) {
  const wanted = [...new Set(ids.filter((i): i is number => typeof i === 'number'))];
  if (!wanted.length) return;
  const rows = await trx.selectFrom(table).select('id').where('client_id', '=', clientId).where('id', 'in', wanted).execute();
  if (rows.length !== wanted.length) throw fail.badRequest(message);
}

export const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/**
 * A moment read off a time zone's clock, and the storefront's event start printed from it: one
 * implementation for the web app's ui/format.ts (which prints every date pattern from these parts in
 * the club's zone) and the server's first screen of /events (apps/server/src/web.ts), so both print
 * an event's start alike.
 */

/** SPEC: the club's time zone when its configuration gives none. */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

export type DateInput = string | Date | null | undefined;
/** A moment's calendar and clock in one zone: year, month (1–12), day, hour (0–23), minute. */
export type DateParts = { y: number; mo: number; d: number; h: number; mi: number };

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const known = new Map<string, boolean>();
/** The zone asked for when this runtime knows it, else DEFAULT_TIME_ZONE. */
function zone(timeZone: string): string {
  if (!known.has(timeZone)) {
    try {
      new Intl.DateTimeFormat('da-DK', { timeZone });
      known.set(timeZone, true);
    } catch {
      known.set(timeZone, false);
    }
  }
  return known.get(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

const clocks = new Map<string, Intl.DateTimeFormat>();
function clockIn(timeZone: string): Intl.DateTimeFormat {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    clocks.set(timeZone, f);
  }
  return f;
}

/** A calendar date ('YYYY-MM-DD') as the day it is, a timestamp as the zone's clock shows it; null for nothing or nonsense. */
export function datePartsIn(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): DateParts | null {
  if (!value) return null;
  if (typeof value === 'string') {
    const m = CALENDAR_DATE.exec(value.trim());
    if (m) return { y: Number(m[1]), mo: Number(m[2]), d: Number(m[3]), h: 0, mi: 0 };
  }
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const p: Record<string, number> = {};
  for (const { type, value: v } of clockIn(zone(timeZone)).formatToParts(at)) if (type !== 'literal') p[type] = Number(v);
  return { y: p.year, mo: p.month, d: p.day, h: p.hour, mi: p.minute };
}

// The Danish month names as date-fns' `da` locale writes them (no Intl: its Danish clock writes 14.30 for kl. 14:30 as well).
export const MONTHS_DA = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'];
export const MONTHS_SHORT_DA = ['jan.', 'feb.', 'mar.', 'apr.', 'maj', 'jun.', 'jul.', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'];
export const twoDigits = (n: number) => String(n).padStart(2, '0');

/** '1. juni kl. 18:00' — an event's start on the storefront (SPEC §2: 'DD kl. HH:mm'), in the given zone. */
export function formatEventStartIn(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = datePartsIn(value, timeZone);
  return p ? `${p.d}. ${MONTHS_DA[p.mo - 1]} kl. ${twoDigits(p.h)}:${twoDigits(p.mi)}` : '';
}

import { DEFAULT_TIME_ZONE, getClubTimeZone } from './timeZone';

export { DEFAULT_TIME_ZONE, getClubTimeZone, setClubTimeZone } from './timeZone';

/**
 * How the screens print dates, times and sizes (DESIGN.md "Time"): Danish patterns in the club's time
 * zone, read off Intl's clock for that zone (date-fns' `da` locale and zone support weighed 8 kB gzip
 * in every visitor's first download for five patterns). Calendar dates ('YYYY-MM-DD': follow-up dates, season start) are days, not
 * instants, and are printed as they are; timestamps (ISO strings or Date) are shown in the club's zone.
 * Money is formatDKK(øre) from @klubhus/domain. house.test.ts keeps Intl and toLocale*String in here.
 */

const known = new Map<string, boolean>();
/** The zone to print in: the one asked for (else the club's) when the browser knows it, else DEFAULT_TIME_ZONE. */
function zone(timeZone = getClubTimeZone()): string {
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

type DateInput = string | Date | null | undefined;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A moment's calendar and clock in one zone: year, month (1–12), day, hour (0–23), minute. */
type Parts = { y: number; mo: number; d: number; h: number; mi: number };

const clocks = new Map<string, Intl.DateTimeFormat>();
function clockIn(timeZone: string): Intl.DateTimeFormat {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    clocks.set(timeZone, f);
  }
  return f;
}

/** A calendar date as the day it is, a timestamp as the club's clock shows it; null for nothing or nonsense. */
function partsOf(value: DateInput, timeZone?: string): Parts | null {
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
const MONTHS = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'];
const MONTHS_SHORT = ['jan.', 'feb.', 'mar.', 'apr.', 'maj', 'jun.', 'jul.', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'];
const two = (n: number) => String(n).padStart(2, '0');

const printer = (print: (p: Parts) => string) => (value: DateInput, timeZone?: string) => {
  const p = partsOf(value, timeZone);
  return p ? print(p) : '';
};

/** '24.12.2026' — the date in tables and fields (company follow-up date). */
export const formatDate = printer((p) => `${two(p.d)}.${two(p.mo)}.${p.y}`);

/** '1. aug. 2026' — the date with the month's short name (catalogue: seasons, discount codes). */
export const formatDateMedium = printer((p) => `${p.d}. ${MONTHS_SHORT[p.mo - 1]} ${p.y}`);

/** '24.12.2026 14.30' — date and time in the club's zone (files, comments). */
export const formatDateTime = printer((p) => `${two(p.d)}.${two(p.mo)}.${p.y} ${two(p.h)}.${two(p.mi)}`);

/** '1. juni kl. 18:00' — an event's start on the storefront (SPEC §2: 'DD kl. HH:mm'). */
export const formatEventStart = printer((p) => `${p.d}. ${MONTHS[p.mo - 1]} kl. ${two(p.h)}:${two(p.mi)}`);

/** '14.30' — the time of day in the club's zone. */
export const formatTime = printer((p) => `${two(p.h)}.${two(p.mi)}`);

const oneDecimal = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 1 });

/** '900 B', '12 kB', '1,4 MB' */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} kB`;
  return `${oneDecimal.format(n / 1024 / 1024)} MB`;
}

const whole = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 0 });

/** '10.650' — a count (seats, rows). */
export const formatCount = (n: number): string => whole.format(n);

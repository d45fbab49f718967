import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { da } from 'date-fns/locale';
import { DEFAULT_TIME_ZONE, getClubTimeZone } from './timeZone';

export { DEFAULT_TIME_ZONE, getClubTimeZone, setClubTimeZone } from './timeZone';

/**
 * How the screens print dates, times and sizes (DESIGN.md "Time"): date-fns with the `da` locale, in
 * the club's time zone. Calendar dates ('YYYY-MM-DD': follow-up dates, season start) are days, not
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

/** A calendar date as a local day, a timestamp in the club's zone; null for nothing or nonsense. */
function toZoned(value: DateInput, timeZone?: string): Date | null {
  if (!value) return null;
  if (typeof value === 'string') {
    const m = CALENDAR_DATE.exec(value.trim());
    if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  }
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : new TZDate(at, zone(timeZone));
}

const printer = (pattern: string) => (value: DateInput, timeZone?: string) => {
  const d = toZoned(value, timeZone);
  return d ? format(d, pattern, { locale: da }) : '';
};

/** '24.12.2026' — the date in tables and fields (company follow-up date). */
export const formatDate = printer('dd.MM.yyyy');

/** '1. aug. 2026' — the date with the month's short name (catalogue: seasons, discount codes). */
export const formatDateMedium = printer('d. MMM yyyy');

/** '24.12.2026 14.30' — date and time in the club's zone (files, comments). */
export const formatDateTime = printer('dd.MM.yyyy HH.mm');

/** '1. juni kl. 18:00' — an event's start on the storefront (SPEC §2: 'DD kl. HH:mm'). */
export const formatEventStart = printer("d. MMMM 'kl.' HH:mm");

/** '14.30' — the time of day in the club's zone. */
export const formatTime = printer('HH.mm');

const oneDecimal = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 1 });

/** '900 B', '12 kB', '1,4 MB' */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} kB`;
  return `${oneDecimal.format(n / 1024 / 1024)} MB`;
}

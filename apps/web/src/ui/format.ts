import { type DateParts, datePartsIn, formatEventStartIn, MONTHS_SHORT_DA, twoDigits } from '@klubhus/domain';
import { getClubTimeZone } from './timeZone';

export { DEFAULT_TIME_ZONE, getClubTimeZone, setClubTimeZone } from './timeZone';

/**
 * How the screens print dates, times and sizes (DESIGN.md "Time"): Danish patterns in the club's time
 * zone, read off Intl's clock for that zone (date-fns' `da` locale and zone support weighed 8 kB gzip
 * in every visitor's first download for five patterns). Calendar dates ('YYYY-MM-DD': follow-up dates, season start) are days, not
 * instants, and are printed as they are; timestamps (ISO strings or Date) are shown in the club's zone.
 * Money is formatDKK(øre) from @klubhus/domain. house.test.ts keeps Intl and toLocale*String in here.
 */

type DateInput = string | Date | null | undefined;

const printer = (print: (p: DateParts) => string) => (value: DateInput, timeZone?: string) => {
  const p = datePartsIn(value, timeZone ?? getClubTimeZone());
  return p ? print(p) : '';
};

const two = twoDigits;

/** '24.12.2026' — the date in tables and fields (company follow-up date). */
export const formatDate = printer((p) => `${two(p.d)}.${two(p.mo)}.${p.y}`);

/** '1. aug. 2026' — the date with the month's short name (catalogue: seasons, discount codes). */
export const formatDateMedium = printer((p) => `${p.d}. ${MONTHS_SHORT_DA[p.mo - 1]} ${p.y}`);

/** '24.12.2026 14.30' — date and time in the club's zone (files, comments). */
export const formatDateTime = printer((p) => `${two(p.d)}.${two(p.mo)}.${p.y} ${two(p.h)}.${two(p.mi)}`);

/** '1. juni kl. 18:00' — an event's start on the storefront (SPEC §2: 'DD kl. HH:mm'). */
export const formatEventStart = (value: DateInput, timeZone?: string) => formatEventStartIn(value, timeZone ?? getClubTimeZone());

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

import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, formatBytes, formatCount, formatDate, formatDateMedium, formatDateTime, formatEventStart, formatTime, getClubTimeZone, setClubTimeZone } from './format';

afterEach(() => setClubTimeZone(null));

describe('dates (Danish patterns, the club time zone)', () => {
  it('an event’s start on the storefront: day, the month’s name, kl. HH:mm', () => {
    setClubTimeZone('Europe/Copenhagen');
    expect(formatEventStart('2026-12-09T18:00:00Z')).toBe('9. december kl. 19:00');
    expect(formatEventStart('2026-06-01T16:05:00Z')).toBe('1. juni kl. 18:05');
    expect(formatEventStart('2027-03-01T00:30:00Z')).toBe('1. marts kl. 01:30');
    expect(formatDateMedium('2026-09-03')).toBe('3. sep. 2026');
    expect(formatDateMedium('2026-12-31T23:30:00Z')).toBe('1. jan. 2027');
  });

  it('calendar dates print as the day they are, in any zone', () => {
    expect(formatDate('2026-03-01')).toBe('01.03.2026');
    setClubTimeZone('Pacific/Kiritimati');
    expect(formatDate('2026-03-01')).toBe('01.03.2026');
    expect(formatDateMedium('2032-01-01')).toBe('1. jan. 2032');
    expect(formatDateMedium('2026-05-17')).toBe('17. maj 2026');
    expect(formatDateMedium('2026-08-01')).toBe('1. aug. 2026');
  });

  it('nothing and nonsense print as nothing', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('ikke en dato')).toBe('');
  });

  it('timestamps print in the club zone, across midnight and the year', () => {
    setClubTimeZone('Europe/Copenhagen');
    expect(formatDateTime('2026-12-24T13:30:00Z')).toBe('24.12.2026 14.30');
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01.01.2027');
    expect(formatDateTime(new Date('2026-06-30T22:15:00Z'))).toBe('01.07.2026 00.15');
    expect(formatDateTime('2026-12-24T13:30:00Z', 'America/New_York')).toBe('24.12.2026 08.30');
  });

  it('daylight saving: the spring gap and the repeated autumn hour', () => {
    setClubTimeZone('Europe/Copenhagen');
    const times = [
      ['2026-03-29T00:59:00Z', '01.59'],
      ['2026-03-29T01:00:00Z', '03.00'],
      ['2026-10-25T00:30:00Z', '02.30'],
      ['2026-10-25T01:30:00Z', '02.30'],
      ['2026-10-25T02:00:00Z', '03.00'],
    ];
    for (const [utc, local] of times) expect(formatTime(utc), utc).toBe(local);
  });

  it('the SPEC default zone, and it when the club names none or an unknown one', () => {
    expect(getClubTimeZone()).toBe(DEFAULT_TIME_ZONE);
    expect(formatDateTime('2026-01-15T11:00:00Z')).toBe('15.01.2026 12.00');
    setClubTimeZone('Mars/Olympus');
    expect(formatDateTime('2026-07-15T11:00:00Z')).toBe('15.07.2026 13.00');
  });
});

describe('sizes', () => {
  it('bytes, kilobytes, megabytes with a Danish comma', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(2048)).toBe('2 kB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
  });
});

describe('counts', () => {
  it('prints whole numbers with Danish thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(10650)).toBe('10.650');
    expect(formatCount(1234567)).toBe('1.234.567');
  });
});

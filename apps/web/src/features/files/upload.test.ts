import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate } from './upload';

describe('Danish formats', () => {
  it('dates as dd.mm.yyyy without a time-zone shift', () => {
    expect(formatDate('2026-03-01')).toBe('01.03.2026');
    expect(formatDate(null)).toBe('');
  });
  it('sizes', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(2048)).toBe('2 kB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
  });
});

import { describe, expect, it } from 'vitest';
import { appendFields, formatBytes, formatDate } from './upload';

describe('multipart fields', () => {
  it('encodes values the way the REST adapters decode them', () => {
    const fd = new FormData();
    appendFields(fd, { name: 'Firma A/S', status: 1, useEAN: false, ownerId: null, logoWeb: undefined, contactIds: [3, 4], extraInfo: { a: { value: 'x' } } });
    expect([...fd.entries()]).toEqual([
      ['name', 'Firma A/S'],
      ['status', '1'],
      ['useEAN', 'false'],
      ['ownerId', 'null'],
      ['contactIds', '[3,4]'],
      ['extraInfo', '{"a":{"value":"x"}}'],
    ]);
  });
});

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

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZRegisterRequest } from '../src/auth';
import { listInput } from '../src/list';
import { containsNul, decimal, email, integer, NUL_MESSAGE, optionalDecimal, optionalEmail, optionalInteger, optionalText, text } from '../src/validation';
import { parseDecimal } from '../src/numbers';

describe('Danish validation', () => {
  it('reads decimals with a comma and thousands dots', () => {
    expect(parseDecimal('1.234,50')).toBe(1234.5);
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('abc')).toBeNaN();
  });

  it('gives SPEC §5 messages', () => {
    expect(decimal('Pris').safeParse('x').error?.issues[0].message).toBe('Pris skal være et gyldigt tal.');
    expect(decimal('Pris', { min: 0 }).safeParse('-1').error?.issues[0].message).toBe('Pris skal minimum være 0 eller mere');
    expect(integer('Antal', { max: 5 }).safeParse('6').error?.issues[0].message).toBe('Antal må maksimalt være 5 eller mindre');
    expect(email().safeParse('nej').error?.issues[0].message).toBe('E-mail skal være en gyldig e-mail');
    expect(email().parse(' Anna@Demo.DK ')).toBe('anna@demo.dk');
  });

  it('number fields: required ones refuse blank, optional ones give null, both keep their range', () => {
    expect(decimal('Pris').safeParse(' ').error?.issues[0].message).toBe('Pris er påkrævet');
    expect(integer('Antal').safeParse('2,5').error?.issues[0].message).toBe('Antal skal være et heltal.');
    expect(decimal('Pris').parse('1.234,50')).toBe(1234.5);
    expect(integer('Antal').parse(' 7 ')).toBe(7);
    expect(optionalDecimal('Pris').parse('')).toBeNull();
    expect(optionalInteger('Antal').parse(null)).toBeNull();
    expect(optionalDecimal('Pris', { max: 10 }).safeParse('11').error?.issues[0].message).toBe('Pris må maksimalt være 10 eller mindre');
    expect(optionalInteger('Antal', { min: 1 }).safeParse('0').error?.issues[0].message).toBe('Antal skal minimum være 1 eller mere');
  });

  it('requires the repeated password to match', () => {
    const r = ZRegisterRequest.safeParse({ firstname: 'A', lastname: 'B', email: 'a@b.dk', password: 'hemmelig1', confirmPassword: 'hemmelig2' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Gentag adgangskode skal matche Adgangskode');
  });

  it('defaults lists to page 1 of 10 and refuses unknown page sizes and sort fields', () => {
    const schema = listInput(z.object({}), ['Name', 'Sorting'] as const, { field: 'Sorting', dir: 'asc' });
    expect(schema.parse({})).toMatchObject({ page: 1, perPage: 10, sort: { field: 'Sorting', dir: 'asc' } });
    expect(schema.safeParse({ perPage: 7 }).success).toBe(false);
    expect(schema.safeParse({ sort: { field: 'password', dir: 'asc' } }).success).toBe(false);
  });

  it('refuses NUL (PostgreSQL cannot store it) in every text builder and the list search', () => {
    const schema = listInput(z.object({}), ['Name'] as const, { field: 'Name', dir: 'asc' });
    for (const [schemaOf, value] of [
      [text('Navn'), 'a\u0000b'],
      [optionalText(), 'a\u0000b'],
      [email(), 'a\u0000@b.dk'],
      [optionalEmail(), 'a\u0000@b.dk'],
    ] as const) {
      expect(schemaOf.safeParse(value).error?.issues[0].message).toBe(NUL_MESSAGE);
    }
    expect(schema.safeParse({ search: 'a\u0000b' }).error?.issues[0].message).toBe(NUL_MESSAGE);
    expect(text('Navn').parse(' ok ')).toBe('ok');
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul({ a: ['x', 1, null] })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  COMPANY_MSG,
  COMPANY_STATUS_COLORS,
  COMPANY_STATUS_VALUES,
  detectFileType,
  type ExtraInfoDefinition,
  isMultiple,
  utilizationBar,
  validateExtraInfo,
  ZCompanyListRequest,
  ZCompanyUpdateRequest,
  ZContactUpdateRequest,
} from '../src';

const DEFS: ExtraInfoDefinition[] = [
  { title: 'Branche', alias: 'branche', type: 'Select', values: ['Detail', 'IT'], multiple: false },
  { title: 'Interesser', alias: 'interesser', type: 'Checkbox', values: ['Fodbold', 'Håndbold'], multiple: true },
  { title: 'Niveau', alias: 'niveau', type: 'Radio', values: ['Guld', 'Sølv'] },
  { title: 'Noter', alias: 'noter', type: 'Text', values: [] },
];

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('company validation', () => {
  const base = { name: 'Firma A/S', status: 0 };
  const issues = (input: object) => {
    const r = ZCompanyUpdateRequest.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('needs CVR or phone, with the Danish messages', () => {
    expect(issues(base)).toEqual([COMPANY_MSG.cvrRequired, COMPANY_MSG.phoneRequired]);
    expect(COMPANY_MSG.cvrRequired).toBe('CVR er påkrævet, når telefon ikke er udfyldt');
    expect(COMPANY_MSG.phoneRequired).toBe('Telefon er påkrævet, når CVR ikke er udfyldt');
    expect(issues({ ...base, cvr: '12345678' })).toEqual([]);
    expect(issues({ ...base, phone: '12 34 56 78' })).toEqual([]);
  });
  it('needs name and status', () => {
    expect(issues({ cvr: '12345678', status: 0 })).toContain('Navn er påkrævet');
    expect(issues({ name: 'X', cvr: '12345678' })).toContain('Status er påkrævet');
    expect(issues({ name: 'X', cvr: '12345678', status: '' })).toContain('Status er påkrævet');
    expect(issues({ name: 'X', cvr: '12345678', status: 5 })).toContain(COMPANY_MSG.statusInvalid);
    expect(issues({ name: 'X', cvr: '12345678', status: '99' })).toEqual([]);
  });
  it('needs EAN when EAN invoicing is chosen; CVR is 8 digits', () => {
    expect(issues({ ...base, cvr: '12345678', useEAN: true })).toEqual([COMPANY_MSG.eanRequired]);
    expect(issues({ ...base, cvr: '12345678', useEAN: 'true', ean: '5790000000000' })).toEqual([]);
    expect(issues({ ...base, cvr: '1234' })).toEqual(['CVR skal være 8 cifre']);
  });
  it('keeps an omitted logo and removes an empty one', () => {
    expect(ZCompanyUpdateRequest.parse({ ...base, cvr: '12345678' }).logoWeb).toBeUndefined();
    expect(ZCompanyUpdateRequest.parse({ ...base, cvr: '12345678', logoWeb: '' }).logoWeb).toBeNull();
    expect(ZCompanyUpdateRequest.parse({ ...base, cvr: '12345678', logoWeb: '7' }).logoWeb).toBe(7);
    expect(ZCompanyUpdateRequest.parse({ ...base, cvr: '12345678', logoWeb: '/api/files/12' }).logoWeb).toBe(12);
    expect(ZCompanyUpdateRequest.safeParse({ ...base, cvr: '12345678', logoWeb: 'x.png' }).error?.issues[0].message).toBe('Ugyldig fil');
  });
  it('list status filter: Alle is no filter', () => {
    expect(ZCompanyListRequest.parse({ filter: { status: 'Alle' } }).filter?.status).toBeNull();
    expect(ZCompanyListRequest.parse({ filter: { status: '2' } }).filter?.status).toBe(2);
    // null and '' are "Alle" too, not 0 (Lead): a coercing union would turn them into 0.
    expect(ZCompanyListRequest.parse({ filter: { status: null } }).filter?.status).toBeNull();
    expect(ZCompanyListRequest.parse({ filter: { status: '' } }).filter?.status).toBeNull();
    expect(ZCompanyListRequest.parse({ filter: { status: 0 } }).filter?.status).toBe(0);
    expect(ZCompanyListRequest.parse({ filter: { status: '0' } }).filter?.status).toBe(0);
    expect(ZCompanyListRequest.parse({}).sort).toEqual({ field: 'Name', dir: 'asc' });
  });
});

describe('contact validation', () => {
  it('needs firstname, lastname and a valid e-mail', () => {
    const r = ZContactUpdateRequest.safeParse({ firstname: '', lastname: 'B', email: 'nope' });
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual(['Fornavn er påkrævet', 'E-mail skal være en gyldig e-mail']);
  });
});

describe('extra info', () => {
  it('accepts choices from the definitions and normalises titles', () => {
    const r = validateExtraInfo(DEFS, {
      branche: { value: 'IT' },
      interesser: { values: ['Fodbold', 'Håndbold'] },
      niveau: { value: 'Guld' },
      noter: { value: 'fri tekst' },
    });
    expect(r).toEqual({
      ok: true,
      value: {
        branche: { title: 'Branche', alias: 'branche', value: 'IT', values: [] },
        interesser: { title: 'Interesser', alias: 'interesser', value: null, values: ['Fodbold', 'Håndbold'] },
        niveau: { title: 'Niveau', alias: 'niveau', value: 'Guld', values: [] },
        noter: { title: 'Noter', alias: 'noter', value: 'fri tekst', values: [] },
      },
    });
  });
  it('refuses values outside the choices, several values for one choice and unknown fields', () => {
    expect(validateExtraInfo(DEFS, { branche: { value: 'Landbrug' } })).toEqual({ ok: false, error: 'Branche skal være en af de mulige værdier' });
    expect(validateExtraInfo(DEFS, { niveau: { value: 'Platin' } })).toEqual({ ok: false, error: 'Niveau skal være en af de mulige værdier' });
    expect(validateExtraInfo(DEFS, { interesser: { values: ['Fodbold', 'Golf'] } })).toEqual({ ok: false, error: 'Interesser skal være en af de mulige værdier' });
    expect(validateExtraInfo(DEFS, { branche: { values: ['IT', 'Detail'] } })).toEqual({ ok: false, error: 'Branche kan kun have én værdi' });
    expect(validateExtraInfo(DEFS, { hemmelig: { value: 'x' } })).toEqual({ ok: false, error: 'Ukendt ekstra felt: hemmelig' });
  });
});

describe('file type from bytes', () => {
  it('recognises images and pdf by magic numbers, not by name', () => {
    expect(detectFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'x.pdf')?.mime).toBe('image/png');
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe0), 'x.png')?.mime).toBe('image/jpeg');
    expect(detectFileType(text('GIF89a....'))?.mime).toBe('image/gif');
    expect(detectFileType(text('RIFF\0\0\0\0WEBPVP8 '))?.mime).toBe('image/webp');
    expect(detectFileType(text('%PDF-1.7\n...'), 'logo.png')).toEqual({ mime: 'application/pdf', ext: 'pdf' });
  });
  it('text and csv are valid UTF-8 without control bytes; html and binaries are refused', () => {
    expect(detectFileType(text('navn;by\nÆble;Århus\n'), 'liste.csv')?.mime).toBe('text/csv');
    expect(detectFileType(text('hej'), 'noter.txt')?.mime).toBe('text/plain');
    expect(detectFileType(text('<html><script>alert(1)</script>'), 'x.txt')).toBeNull();
    expect(detectFileType(bytes(0x4d, 0x5a, 0x90, 0x00), 'x.txt')).toBeNull();
    expect(detectFileType(bytes(0xc3, 0x28), 'x.txt')).toBeNull();
    expect(detectFileType(new Uint8Array())).toBeNull();
  });
  it('office documents need the OOXML content types entry', () => {
    const zip = (entry: string) => text(`PK\u0003\u0004....[Content_Types].xml....${entry}document.xml`);
    expect(detectFileType(zip('word/'))?.ext).toBe('docx');
    expect(detectFileType(zip('xl/'))?.ext).toBe('xlsx');
    expect(detectFileType(text('PK\u0003\u0004....evil.exe'))).toBeNull();
  });
});

describe('company rules the screens share', () => {
  it('status colours for every status value', () => {
    expect(COMPANY_STATUS_VALUES.map((v) => COMPANY_STATUS_COLORS[v])).toEqual(['blue', 'green', 'orange', 'gray']);
  });
  it('the utilization bar is a whole percentage from 0 to 100', () => {
    expect([-5, 0, 49.5, 99.4, 100, 250].map(utilizationBar)).toEqual([0, 0, 50, 99, 100, 100]);
  });
  it('extra-info fields with several answers: Checkbox always, Radio/Select when multiple', () => {
    expect(isMultiple({ title: 'a', alias: 'a', type: 'Checkbox', values: [] })).toBe(true);
    expect(isMultiple({ title: 'a', alias: 'a', type: 'Select', values: [], multiple: true })).toBe(true);
    expect(isMultiple({ title: 'a', alias: 'a', type: 'Radio', values: [] })).toBe(false);
  });
});

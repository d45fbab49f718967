import { type ExtraInfoDefinition, validateExtraInfo } from '../src/extraInfo';
import { describe, expect, it } from 'vitest';
import { extraInfoDefinitions, extraInfoFormValues } from '../src/extraInfo';

const DEFS: ExtraInfoDefinition[] = [
  { title: 'Branche', alias: 'branche', type: 'Select', values: ['Detail', 'IT'], multiple: false },
  { title: 'Interesser', alias: 'interesser', type: 'Checkbox', values: ['Fodbold', 'Håndbold'], multiple: true },
  { title: 'Niveau', alias: 'niveau', type: 'Radio', values: ['Guld', 'Sølv'] },
  { title: 'Kanaler', alias: 'kanaler', type: 'Select', values: ['Mail', 'SMS'], multiple: true },
  { title: 'Noter', alias: 'noter', type: 'Text', values: [] },
];

describe('extra-info form values', () => {
  it('an empty record gives one empty value per definition, which the server accepts', () => {
    const v = extraInfoFormValues(DEFS, null);
    expect(Object.keys(v)).toEqual(['branche', 'interesser', 'niveau', 'kanaler', 'noter']);
    expect(v.branche).toEqual({ title: 'Branche', alias: 'branche', value: '', values: [] });
    expect(v.interesser).toEqual({ title: 'Interesser', alias: 'interesser', value: null, values: [] });
    const r = validateExtraInfo(DEFS, v);
    expect(r.ok).toBe(true);
  });

  it('fills stored values, leaves out fields no longer defined, and round-trips through the server check', () => {
    const stored = {
      branche: { title: 'Branche', alias: 'branche', value: 'IT', values: [] },
      interesser: { title: 'Interesser', alias: 'interesser', value: null, values: ['Fodbold'] },
      kanaler: { title: 'Kanaler', alias: 'kanaler', value: 'SMS', values: [] },
      gammel: { title: 'Gammel', alias: 'gammel', value: 'x', values: [] },
    };
    const v = extraInfoFormValues(DEFS, stored);
    expect(v.gammel).toBeUndefined();
    expect(v.branche.value).toBe('IT');
    expect(v.interesser.values).toEqual(['Fodbold']);
    // A single stored value of a multiple field becomes its one choice.
    expect(v.kanaler.values).toEqual(['SMS']);
    const r = validateExtraInfo(DEFS, v);
    expect(r.ok && r.value).toMatchObject({ branche: { value: 'IT' }, interesser: { values: ['Fodbold'] }, kanaler: { values: ['SMS'] } });
  });

  it('reads the club settings defensively', () => {
    expect(extraInfoDefinitions(undefined)).toEqual([]);
    expect(extraInfoDefinitions([null, { title: 'x' }, DEFS[0]])).toEqual([DEFS[0]]);
  });
});

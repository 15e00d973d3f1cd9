import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, parseCsvText } from './csv-file';
import {
  importWizardReducer,
  INITIAL_IMPORT_STATE,
  type ImportWizardAction,
  type ImportWizardState,
} from './import-wizard-state';
import { fixtureBytes } from './test-files';

const table = parseCsvText(decodeCsvBytes(fixtureBytes('members-latin1.csv')).text);
const run = (...actions: ImportWizardAction[]): ImportWizardState =>
  actions.reduce(importWizardReducer, INITIAL_IMPORT_STATE);
const fileRead: ImportWizardAction = { type: 'fileRead', name: 'members.csv', table };

describe('importWizardReducer', () => {
  it('moves to mapping on file choice, with the columns guessed from the header', () => {
    const state = run(fileRead);
    expect(state.step).toBe(1);
    expect(state.mapping).toEqual({ name: 0, email: 1, memberNumber: 2, company: 3, phone: 4 });
  });

  it('reviews the mapped rows: valid, invalid (missing name, missing or invalid email) and repeated', () => {
    const state = run(fileRead, { type: 'review' });
    expect(state.step).toBe(2);
    expect(state.rows).toHaveLength(8);
    expect(state.check?.valid.map((member) => member.name)).toEqual([
      'Søren Ærøskøbing',
      'Jürgen Weiß',
      'Åse Öberg',
      'Grüße Straße',
    ]);
    expect(state.check?.invalid.map((member) => [member.name, member.email])).toEqual([
      ['', 'noname@example.dk'],
      ['Bjørn Ås', ''],
      ['Märta Lindqvist', 'not-an-email'],
    ]);
    expect(state.check?.repeated).toEqual([{ name: 'Søren Igen', email: 'soren@example.dk' }]);
  });

  it('does not review until name and email are mapped', () => {
    const state = run(fileRead, { type: 'map', field: 'email', column: null }, { type: 'review' });
    expect(state.step).toBe(1);
    expect(state.check).toBeNull();
  });

  it('going back to the mapping drops the review; going back to the file starts over', () => {
    const reviewed = run(fileRead, { type: 'map', field: 'phone', column: null }, { type: 'review' });
    const mapping = importWizardReducer(reviewed, { type: 'back' });
    expect(mapping.step).toBe(1);
    expect(mapping.check).toBeNull();
    expect(mapping.rows).toEqual([]);
    expect(mapping.mapping.phone).toBeNull();
    expect(importWizardReducer(mapping, { type: 'back' })).toEqual(INITIAL_IMPORT_STATE);
  });

  it('shows the result only after a review, and a failed file keeps the wizard on step 1', () => {
    const result = { imported: 4, duplicateMembers: [], invalidMembers: [] };
    expect(run(fileRead, { type: 'imported', result }).step).toBe(1);
    expect(run(fileRead, { type: 'review' }, { type: 'imported', result }).result).toEqual(result);
    expect(run(fileRead, { type: 'fileFailed', problem: 'notCsv' })).toEqual({
      ...INITIAL_IMPORT_STATE,
      fileProblem: 'notCsv',
    });
  });
});

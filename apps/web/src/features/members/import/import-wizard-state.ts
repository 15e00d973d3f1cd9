import {
  checkImportRows,
  type ImportCheck,
  type MemberImportResult,
  type MemberImportRow,
} from '@fairway/domain';
import type { CsvFileProblem, CsvTable } from './csv-file';
import {
  EMPTY_MAPPING,
  guessColumnMapping,
  mappedRows,
  mappingComplete,
  type ColumnMapping,
  type ImportField,
} from './column-mapping';

/** 0 choose file, 1 map columns, 2 review, 3 result (spec §2 Import wizard). */
export type ImportStep = 0 | 1 | 2 | 3;

/**
 * The whole wizard in one value: a 10,000-row file is one table and one check result, never state per
 * row, so typing in a select or moving between steps does not re-render row components.
 */
export interface ImportWizardState {
  step: ImportStep;
  file: { name: string; table: CsvTable } | null;
  fileProblem: CsvFileProblem | null;
  mapping: ColumnMapping;
  /** The mapped rows, as reviewed and then sent (set on entering the review). */
  rows: MemberImportRow[];
  /** The review lists: valid, invalid and repeated rows (spec §5 Import). */
  check: ImportCheck | null;
  result: MemberImportResult | null;
}

export const INITIAL_IMPORT_STATE: ImportWizardState = {
  step: 0,
  file: null,
  fileProblem: null,
  mapping: EMPTY_MAPPING,
  rows: [],
  check: null,
  result: null,
};

export type ImportWizardAction =
  | { type: 'fileRead'; name: string; table: CsvTable }
  | { type: 'fileFailed'; problem: CsvFileProblem }
  | { type: 'map'; field: ImportField; column: number | null }
  | { type: 'review' }
  | { type: 'imported'; result: MemberImportResult }
  | { type: 'back' }
  | { type: 'reset' };

/**
 * Spec §4 Import: step 1 → 2 on file choice, 2 → 3 on mapping, 3 → 4 on import. Going back to step 1
 * starts over; going back to step 2 drops the review, which the next mapping recomputes.
 */
export function importWizardReducer(state: ImportWizardState, action: ImportWizardAction): ImportWizardState {
  switch (action.type) {
    case 'fileRead':
      return {
        ...INITIAL_IMPORT_STATE,
        step: 1,
        file: { name: action.name, table: action.table },
        mapping: guessColumnMapping(action.table.headers),
      };
    case 'fileFailed':
      return { ...INITIAL_IMPORT_STATE, fileProblem: action.problem };
    case 'map':
      return state.step === 1
        ? { ...state, mapping: { ...state.mapping, [action.field]: action.column } }
        : state;
    case 'review': {
      if (state.step !== 1 || !state.file || !mappingComplete(state.mapping)) return state;
      const rows = mappedRows(state.file.table, state.mapping);
      return { ...state, step: 2, rows, check: checkImportRows(rows) };
    }
    case 'imported':
      return state.step === 2 ? { ...state, step: 3, result: action.result } : state;
    case 'back':
      if (state.step === 2) return { ...state, step: 1, rows: [], check: null };
      if (state.step === 1) return INITIAL_IMPORT_STATE;
      return state;
    case 'reset':
      return INITIAL_IMPORT_STATE;
  }
}

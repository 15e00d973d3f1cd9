import { memberCreateBody, type MemberImportRow } from '../schemas/members';

/** A row that passed the member rules: trimmed, email lower-cased, empty optional fields null. */
export interface ImportCandidate {
  name: string;
  email: string;
  memberNumber: string | null;
  company: string | null;
  phone: string | null;
}

export interface ImportCheck {
  valid: ImportCandidate[];
  /** Rows with a missing name or a missing or invalid email, with the first reason (spec §5 Import). */
  invalid: Array<{ name: string; email: string; message: string }>;
  /** Later rows whose email already appeared earlier in the same file. */
  repeated: Array<{ name: string; email: string }>;
}

/**
 * Spec §5 Import: rows with a missing or invalid email (or no name) go to the invalid list and are not
 * imported; duplicates are avoided. The web app's review step and the server's import run this same check,
 * so what the operator reviewed is exactly what the server accepts.
 */
export function checkImportRows(rows: readonly MemberImportRow[]): ImportCheck {
  const result: ImportCheck = { valid: [], invalid: [], repeated: [] };
  const seen = new Set<string>();
  for (const row of rows) {
    const parsed = memberCreateBody.safeParse({
      name: row.name,
      email: row.email,
      memberNumber: row.memberNumber,
      company: row.company,
      phone: row.phone,
    });
    if (!parsed.success) {
      result.invalid.push({
        name: row.name.trim(),
        email: row.email.trim(),
        message: parsed.error.issues[0]!.message,
      });
      continue;
    }
    const { name, email, memberNumber, company, phone } = parsed.data;
    if (seen.has(email)) {
      result.repeated.push({ name, email });
      continue;
    }
    seen.add(email);
    result.valid.push({ name, email, memberNumber, company, phone });
  }
  return result;
}

import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Text compared regardless of case goes through ICU's root collation: the embedded PostgreSQL runs with
 * locale C, where lower() and ILIKE fold only ASCII, so 'ærø' would not find 'Ærø'. ICU ships with the
 * embedded server and with the usual PostgreSQL builds. Names then also sort as people read them (Ä beside
 * A, not after Z). Used for member search and sort and for user-group names.
 */
export const icu = (value: AnyPgColumn | SQL) => sql`(${value} COLLATE "und-x-icu")`;
export const folded = (value: AnyPgColumn | SQL) => sql`lower(${icu(value)})`;

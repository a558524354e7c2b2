/** Schemas of the edge rules (docs/rules.md#edge-input) that every payload reuses. */
import { DB_INT_MAX, EDGE_MSG, hint } from './edge';
import { z } from './zod';

/**
 * The id of a stored record, as a number or digits: a positive integer within the database's range
 * (beyond it the API answers 400 naming the field, never a database error).
 */
export const recordIdSchema = z.coerce.number(hint(EDGE_MSG.integer)).int(hint(EDGE_MSG.integer)).positive().max(DB_INT_MAX);

/** A day as 'YYYY-MM-DD', what a date input gives (docs/rules.md#edge-input). */
export const isoDateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, hint(EDGE_MSG.date));

/** A list filter's day: 'YYYY-MM-DD', or left out or blank for no limit. */
export const optionalDateFilter = isoDateText.optional().or(z.literal(''));

/** The paging of a list answered with X-Total-Count: at most `max` rows from `offset`, both optional. */
export const pageQuery = (max: number) => ({
  limit: z.coerce.number().int().min(1).max(max).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/** A yes-or-no filter of a list ('true' or 'false'; left out: both). */
export const flagFilter = z.enum(['true', 'false']).optional();

/**
 * The query of a searched list (docs/api.md#conventions): `search` (at most 200 characters), the list's own
 * filters, then its page of at most 1,000 rows.
 */
export const searchedListQuery = <Filters extends z.ZodRawShape>(filters: Filters) =>
  z.object({ search: z.string().max(200).optional(), ...filters, ...pageQuery(1000) });

/** The same paging with the page a list answers when the query names none: `limit` rows from the start. */
export const pageQueryWithDefaults = (max: number, limit: number) => ({
  limit: z.coerce.number().int().min(1).max(max).default(limit),
  offset: z.coerce.number().int().min(0).default(0),
});

/** The same id when it must come as a JSON number (a union with a name, for instance). */
export const recordIdNumberSchema = z.number().int(hint(EDGE_MSG.integer)).positive().max(DB_INT_MAX);

/** Digits naming a record, as a number, or undefined when they cannot (beyond the database's range). */
export function asRecordId(value: string | number): number | undefined {
  const n = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n <= DB_INT_MAX ? n : undefined;
}

/**
 * The order number a search text names, in any of the forms people type it: '4', '00004',
 * 'OS 00004', 'OS-4', 'os4', 'OS nº 4', '#4' (docs/rules.md#edge-input). Undefined for any other text.
 */
export function orderNumberInSearch(q: string): number | undefined {
  const match = /^\s*(?:o\.?s\.?\s*(?:n[º°o.]?\s*)?[-#:.]?\s*|#\s*)?(\d+)\s*$/i.exec(q);
  return match ? asRecordId(match[1]!) : undefined;
}

/** A text trimmed before it is checked: required (`required` when empty) and at most `max` characters. */
export const trimmedText = (required: string, max: number, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: required }).min(1, { error: required }).max(max, { error: tooLong }),
  );

/** A signature drawn in the portal: a PNG data URL, as the on-site signature (the server checks the bytes); empty or absent: none. */
export const drawnSignatureSchema = z
  .string({ error: 'Assinatura: envie a imagem PNG desenhada.' })
  .max(800_000, { error: 'Assinatura: imagem grande demais.' })
  .optional()
  .nullable();

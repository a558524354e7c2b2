import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// Search ignores accents and case everywhere (docs/rules.md#daily-use): 'sertao' finds 'Sertão'.
// translate() folds the accented letters of Portuguese (and their neighbours) before lower(), so it
// needs no extension and gives the same answer on PGlite and PostgreSQL whatever their locale.
const ACCENTED = 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY';

/** The text a person types, folded like foldedSql folds a column: no accents, lower case. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** A column or expression folded for searching (null stays null). */
export function foldedSql(expr: SQLWrapper): SQL {
  return sql`lower(translate(${expr}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}))`;
}

/** `expr` contains the typed text, accents and case ignored; LIKE's wildcards in the text are literal. */
export function containsFolded(expr: SQLWrapper, text: string): SQL {
  const pattern = `%${foldText(text.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${foldedSql(expr)} like ${pattern}`;
}

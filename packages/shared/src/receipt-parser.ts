/**
 * Reading Brazilian receipts (cupom fiscal, NFC-e, CF-e SAT, nota de serviço, recibo, pedágio, hotel)
 * from OCR text, and NFC-e QR codes. Pure functions; the server feeds them OCR text and QR payloads.
 */

import { normalize, validDate } from './receipt-text';

export interface ParsedReceipt {
  /** 'DD/MM/YYYY' or '' */
  data: string;
  /** document number without leading zeros, or '' */
  documento: string;
  /** amount in centavos, or undefined */
  valorCentavos: number | undefined;
}

// ---------------------------------------------------------------- money

/** '1.234,56' | '1234,56' | '1 234,56' | '87.45' (OCR often reads the comma as a dot). */
const MONEY = /(?<![\d.,])(\d{1,3}(?:[.\s]\d{3})+,\d{2}|\d+\s?,\s?\d{2}|\d{1,3}(?:,\d{3})*\.\d{2}|\d+\.\d{2})(?![\d.,]*\d)/g;

function moneyToCentavos(text: string): number | undefined {
  const t = text.replace(/\s/g, '');
  let digits: string;
  const comma = t.lastIndexOf(',');
  const dot = t.lastIndexOf('.');
  if (comma > dot) digits = t.slice(0, comma).replace(/[.,]/g, '') + t.slice(comma + 1);
  else digits = t.slice(0, dot).replace(/[.,]/g, '') + t.slice(dot + 1);
  const n = Number(digits);
  return Number.isFinite(n) ? n : undefined;
}

function amountsIn(line: string): number[] {
  const found: number[] = [];
  for (const m of line.matchAll(MONEY)) {
    const c = moneyToCentavos(m[1]!);
    if (c !== undefined) found.push(c);
  }
  return found;
}

/** Lines that hold a number called total but are not what was paid. */
const NOT_THE_TOTAL =
  /SUB\s?-?TOTAL|TROCO|DESCONTO|ACRESCIMO|TRIBUTO|IMPOSTO|LEI\s?12|ITENS|ITEM|QTD|QUANTIDADE|DINHEIRO|CARTAO|CREDITO|DEBITO|PIX|RECEBIDO|ISS\b|ICMS|PIS|COFINS|BASE DE CALCULO|ALIQUOTA|DIARIA|UNIT/;

/** What the total is called, strongest first. */
const TOTAL_LABELS: RegExp[] = [
  /VALOR\s+A\s+PAGAR|TOTAL\s+A\s+PAGAR|VALOR\s+PAGO/,
  /VALOR\s+TOTAL|TOTAL\s+GERAL|TOTAL\s+DA\s+NOTA|TOTAL\s+LIQUIDO|VALOR\s+LIQUIDO|VALOR\s+DA\s+NOTA|TOTAL\s+R\$/,
  /\bTOTAL\b/,
  /\bVALOR\b|\bTARIFA\b|IMPORTANCIA|QUANTIA|\bPAGO\b/,
];

/** A field found on a line of the text: its value, the line's index, and whether the reading is in doubt. */
export interface Found<T> {
  value: T;
  line: number;
  doubt: boolean;
}

/** A character touching a figure that no printer puts there: OCR's trace of a smudged or half-read digit. */
const TOUCHING_JUNK = /[^\s\d$:.,R]$/;

/** The label's own words and the word before it say whether an amount is the total (not 'SUB TOTAL', not a payment). */
function notTheTotal(line: string, at: number): boolean {
  const before = /(\S+)\s*$/.exec(line.slice(0, at))?.[1] ?? '';
  return NOT_THE_TOTAL.test(`${before} ${line.slice(at)}`);
}

function findTotal(lines: string[]): Found<number> | undefined {
  const candidates: Found<number>[] = [];
  for (const label of TOTAL_LABELS) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const m = label.exec(line);
      if (!m || notTheTotal(line, m.index)) continue;
      const after = line.slice(m.index + m[0].length);
      const amounts = [...after.matchAll(MONEY)];
      const last = amounts[amounts.length - 1];
      if (last) {
        const start = m.index + m[0].length + last.index;
        const junk =
          TOUCHING_JUNK.test(line.slice(0, start)) || /^[^\s\d]/.test(line.slice(start + last[0].length).replace(/^[\s=]+$/, ''));
        candidates.push({ value: moneyToCentavos(last[1]!)!, line: i, doubt: junk });
        continue;
      }
      // the amount on the next line (two-column layouts broken by OCR)
      const next = lines[i + 1];
      if (next && !NOT_THE_TOTAL.test(next) && !/[A-Z]{4,}/.test(next.replace(/R\$/g, ''))) {
        const below = amountsIn(next);
        if (below.length) candidates.push({ value: below[0]!, line: i + 1, doubt: false });
      }
    }
    if (candidates.length) break;
  }
  const chosen = candidates[0];
  if (chosen) {
    // Two totals that disagree: one of them was misread, and the reader cannot tell which.
    const disagree = candidates.some((c) => c.value !== chosen.value);
    return { ...chosen, doubt: chosen.doubt || disagree };
  }
  // Last resort: an amount written as 'R$ ...' on a line that is not change, tax or payment: always in doubt.
  let best: Found<number> | undefined;
  lines.forEach((l, i) => {
    if (!/R\$/.test(l) || NOT_THE_TOTAL.test(l)) return;
    for (const value of amountsIn(l)) if (!best || value > best.value) best = { value, line: i, doubt: true };
  });
  return best;
}

// ---------------------------------------------------------------- dates

const MONTHS: Record<string, number> = {
  JANEIRO: 1,
  FEVEREIRO: 2,
  MARCO: 3,
  ABRIL: 4,
  MAIO: 5,
  JUNHO: 6,
  JULHO: 7,
  AGOSTO: 8,
  SETEMBRO: 9,
  OUTUBRO: 10,
  NOVEMBRO: 11,
  DEZEMBRO: 12,
  JAN: 1,
  FEV: 2,
  MAR: 3,
  ABR: 4,
  MAI: 5,
  JUN: 6,
  JUL: 7,
  AGO: 8,
  SET: 9,
  OUT: 10,
  NOV: 11,
  DEZ: 12,
};

/** Every date on a line, in the order written: DD/MM/YYYY, DD-MM-YY, DD.MM.YYYY, YYYY-MM-DD, '21 de novembro de 2026', '21/NOV/2026'. */
export function datesIn(line: string): string[] {
  const text = normalize(line);
  const found: { at: number; date: string }[] = [];
  for (const m of text.matchAll(/(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g)) {
    const d = validDate(Number(m[3]), Number(m[2]), Number(m[1]));
    if (d) found.push({ at: m.index, date: d });
  }
  for (const m of text.matchAll(/(?<![\d/.-])(\d{1,2})\s?[/.-]\s?(\d{1,2})\s?[/.-]\s?(\d{4}|\d{2})(?![\d/]|\.\d|-\d)/g)) {
    const d = validDate(Number(m[1]), Number(m[2]), Number(m[3]));
    if (d) found.push({ at: m.index, date: d });
  }
  for (const m of text.matchAll(
    /(?<!\d)(\d{1,2})\s*(?:DE\s+|[/.-]\s*|\s)([A-Z]{3,9})\.?\s*(?:DE\s+|[/.-]\s*|\s)(\d{4}|\d{2})(?!\d)/g,
  )) {
    const month = MONTHS[m[2]!];
    const d = month ? validDate(Number(m[1]), month, Number(m[3])) : undefined;
    if (d) found.push({ at: m.index, date: d });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.date);
}

/** Lines whose date is not the day of the expense. */
const NOT_THE_DATE =
  /VALIDADE|VENCIMENTO|VENC\b|NASCIMENTO|NASC\b|CHECK-?IN|ENTRADA|AUTORIZACAO|PROTOCOLO|IMPRESS|CONSULTE ATE|PREVISAO/;
const DATE_LABELS = /EMISSAO|EMITIDO|EMITIDA|DATA\b|DT\b|DATA\/HORA|CHECK-?OUT|SAIDA|PASSAGEM/;

function findDate(lines: string[]): Found<string> | undefined {
  const passes: [(line: string) => boolean, boolean][] = [
    [(line) => DATE_LABELS.test(line) && !NOT_THE_DATE.test(line), false],
    [(line) => !NOT_THE_DATE.test(line), false],
    // only a date the receipt calls something else (validity, check-in): a guess
    [() => true, true],
  ];
  for (const [fits, doubt] of passes)
    for (let i = 0; i < lines.length; i++) {
      if (!fits(lines[i]!)) continue;
      const d = datesIn(lines[i]!);
      if (d.length) return { value: d[0]!, line: i, doubt };
    }
  return undefined;
}

// ---------------------------------------------------------------- document number

/** After the label: 'No', 'Nr.', 'Numero', then the figures; leading zeros printed as a slashed or dotted 0 often read as 'O'. */
const NUM = String.raw`[:.\s]*(?:N\s?[O.]?\s?|NR\.?\s?|NUM(?:ERO)?\.?\s?)?[:.\s#-]*[O0]*(\d[\d.\s]{0,14}\d|\d)`;

/** How the document number is introduced, strongest first. */
const NUMBER_LABELS: RegExp[] = [
  new RegExp(String.raw`NFC-?E${NUM}`),
  new RegExp(String.raw`EXTRATO${NUM}`),
  new RegExp(String.raw`\bCOO${NUM}`),
  new RegExp(String.raw`NFS-?E${NUM}`),
  new RegExp(String.raw`NOTA FISCAL(?: DE SERVICOS?)?(?: ELETRONICA)?${NUM}`),
  new RegExp(String.raw`NUMERO DA NOTA${NUM}`),
  new RegExp(String.raw`\bRPS${NUM}`),
  new RegExp(String.raw`RECIBO${NUM}`),
  new RegExp(String.raw`DOCUMENTO${NUM}`),
  new RegExp(String.raw`\bDOC\.?${NUM}`),
  new RegExp(String.raw`\bCUPOM(?: FISCAL)?${NUM}`),
  new RegExp(String.raw`\bTICKET${NUM}`),
  new RegExp(String.raw`\bFATURA${NUM}`),
  new RegExp(String.raw`\bCCF${NUM}`),
  new RegExp(String.raw`\bTRANSACAO${NUM}`),
  new RegExp(String.raw`\bNSU${NUM}`),
  /(?:^|\s)(?:N\s?O|NO\.|NR\.?|NUMERO)[:.\s#]*(\d[\d.]{0,12}\d|\d)(?!\d)/,
];

/** Lines where a number is someone's identity or a code, never the document number. */
const ID_LINE = /CNPJ|CPF|\bI\.?E\.?\b|INSCRICAO|\bIM\b|CEP|FONE|TEL\b|CHAVE|PROTOCOLO|PLACA|CARTAO|AUTORIZ/;

function cleanNumber(raw: string): string | undefined {
  const digits = raw.replace(/[.\s]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  // 11 or 14 digits are a CPF or CNPJ; 44 an access key.
  if (digits.length === 11 || digits.length >= 14) return undefined;
  const n = digits.replace(/^0+(?=\d)/, '');
  return n === '0' ? undefined : n;
}

function findNumber(lines: string[]): Found<string> | undefined {
  for (const label of NUMBER_LABELS) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const m = label.exec(line);
      if (!m) continue;
      const before = line.slice(0, m.index);
      if (ID_LINE.test(before) || (ID_LINE.test(line) && !/NFC|EXTRATO|COO|NFS|NOTA|RECIBO|DOCUMENTO/.test(line))) continue;
      const n = cleanNumber(m[1]!);
      if (!n) continue;
      // '7/8341': the number runs into a sign no number holds, so part of it was misread.
      const rest = line.slice(m.index + m[0].length);
      return { value: n, line: i, doubt: /^[^\s\d-]/.test(rest) || n.length < 2 };
    }
  }
  return undefined;
}

/** The three fields of a receipt, each with the line it was read on and whether it is in doubt. */
export interface ReceiptFindings {
  data?: Found<string>;
  documento?: Found<string>;
  valor?: Found<number>;
}

/**
 * Date, document number and total of a receipt's lines of OCR text, each with the index (in `lines`) of the line
 * it was read on, so the reader can weigh it by the OCR's own confidence in that line (docs/rules.md#receipts).
 */
export function findReceiptFields(lines: string[]): ReceiptFindings {
  const kept: { text: string; at: number }[] = [];
  lines.forEach((line, at) => {
    const text = normalize(line);
    if (text) kept.push({ text, at });
  });
  const texts = kept.map((k) => k.text);
  const back = <T>(found: Found<T> | undefined) => (found ? { ...found, line: kept[found.line]!.at } : undefined);
  return { data: back(findDate(texts)), documento: back(findNumber(texts)), valor: back(findTotal(texts)) };
}

/** Date, document number and total of a receipt's OCR text; what is not found stays empty. */
export function parseReceiptText(text: string): ParsedReceipt {
  const found = findReceiptFields(text.split(/\r?\n/));
  return { data: found.data?.value ?? '', documento: found.documento?.value ?? '', valorCentavos: found.valor?.value };
}

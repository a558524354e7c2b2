/**
 * Reading Brazilian receipts (cupom fiscal, NFC-e, CF-e SAT, nota de serviço, recibo, pedágio, hotel)
 * from OCR text, and NFC-e QR codes. Pure functions; the server feeds them OCR text and QR payloads.
 */

export interface ParsedReceipt {
  /** 'DD/MM/YYYY' or '' */
  data: string;
  /** document number without leading zeros, or '' */
  documento: string;
  /** amount in centavos, or undefined */
  valorCentavos: number | undefined;
}

/** Upper case, no accents, OCR's usual look-alikes for º fixed, spaces squeezed. */
function normalize(line: string): string {
  return line
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[º°ª]/g, 'O')
    .replace(/[ \t]+/g, ' ')
    .trim();
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

function findTotal(lines: string[]): number | undefined {
  for (const label of TOTAL_LABELS) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const m = label.exec(line);
      if (!m || NOT_THE_TOTAL.test(line)) continue;
      const after = line.slice(m.index + m[0].length);
      const here = amountsIn(after);
      if (here.length) return here[here.length - 1];
      // the amount on the next line (two-column layouts broken by OCR)
      const next = lines[i + 1];
      if (next && !NOT_THE_TOTAL.test(next) && !/[A-Z]{4,}/.test(next.replace(/R\$/g, ''))) {
        const below = amountsIn(next);
        if (below.length) return below[0];
      }
    }
  }
  // Last resort: an amount written as 'R$ ...' on a line that is not change, tax or payment.
  const marked = lines.filter((l) => /R\$/.test(l) && !NOT_THE_TOTAL.test(l)).flatMap(amountsIn);
  return marked.length ? Math.max(...marked) : undefined;
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

function validDate(d: number, m: number, y: number): string | undefined {
  if (y < 100) y += 2000;
  if (y < 2000 || y > 2099 || m < 1 || m > 12 || d < 1) return undefined;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return undefined;
  return `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
}

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
    /(?<!\d)(\d{1,2})\s*(?:DE\s+|[/.-]\s*)([A-Z]{3,9})\.?\s*(?:DE\s+|[/.-]\s*)(\d{4}|\d{2})(?!\d)/g,
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

function findDate(lines: string[]): string {
  for (const line of lines) {
    if (DATE_LABELS.test(line) && !NOT_THE_DATE.test(line)) {
      const d = datesIn(line);
      if (d.length) return d[0]!;
    }
  }
  for (const line of lines) {
    if (NOT_THE_DATE.test(line)) continue;
    const d = datesIn(line);
    if (d.length) return d[0]!;
  }
  for (const line of lines) {
    const d = datesIn(line);
    if (d.length) return d[0]!;
  }
  return '';
}

// ---------------------------------------------------------------- document number

const NUM = String.raw`[:.\s]*(?:N\s?[O.]?\s?|NR\.?\s?|NUM(?:ERO)?\.?\s?)?[:.\s#-]*(\d[\d.\s]{0,14}\d|\d)`;

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

function findNumber(lines: string[]): string {
  for (const label of NUMBER_LABELS) {
    for (const line of lines) {
      const m = label.exec(line);
      if (!m) continue;
      const before = line.slice(0, m.index);
      if (ID_LINE.test(before) || (ID_LINE.test(line) && !/NFC|EXTRATO|COO|NFS|NOTA|RECIBO|DOCUMENTO/.test(line))) continue;
      const n = cleanNumber(m[1]!);
      if (n) return n;
    }
  }
  return '';
}

/** Date, document number and total of a receipt's OCR text; what is not found stays empty. */
export function parseReceiptText(text: string): ParsedReceipt {
  const lines = text.split(/\r?\n/).map(normalize).filter(Boolean);
  return { data: findDate(lines), documento: findNumber(lines), valorCentavos: findTotal(lines) };
}

// ---------------------------------------------------------------- NFC-e QR code

export interface NfceQr {
  chave: string;
  /** nNF without leading zeros */
  numero: string;
  /** issuer CNPJ (14 characters, digits or, from 2026, letters in the first 12) */
  cnpj: string;
  /** 'DD/MM/YYYY' when the code carries it */
  data: string;
  valorCentavos: number | undefined;
}

/** Check digit of the first 43 characters of an access key (modulo 11, weights 2..9 from the right; letters as ASCII - 48). */
export function accessKeyCheckDigit(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** A 44-character NFC-e/NF-e access key with a right check digit (the CNPJ part may hold letters from 2026). */
export function accessKeyIsValid(key: string): boolean {
  if (!/^\d{6}[0-9A-Z]{12}\d{26}$/.test(key)) return false;
  return accessKeyCheckDigit(key.slice(0, 43)) === Number(key[43]);
}

/** The fields of an access key: cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8) DV(1). */
export function splitAccessKey(key: string) {
  return {
    uf: key.slice(0, 2),
    ano: 2000 + Number(key.slice(2, 4)),
    mes: Number(key.slice(4, 6)),
    cnpj: key.slice(6, 20),
    modelo: key.slice(20, 22),
    serie: key.slice(22, 25).replace(/^0+(?=\d)/, ''),
    numero: key.slice(25, 34).replace(/^0+(?=\d)/, ''),
  };
}

function hexToAscii(hex: string): string {
  if (!/^([0-9a-fA-F]{2})+$/.test(hex)) return hex;
  return hex.replace(/../g, (h) => String.fromCharCode(Number.parseInt(h, 16)));
}

/**
 * The NFC-e QR payload (a SEFAZ URL): version 1 (`chNFe=...&dhEmi=<hex>&vNF=...`), version 2/3 online
 * (`p=CHAVE|2|...`, key only) and offline (`p=CHAVE|2|tpAmb|dia|vNF|...`, day and value).
 * Undefined when it holds no valid access key.
 */
export function parseNfceQr(payload: string): NfceQr | undefined {
  const text = payload.trim();
  let query = '';
  const q = text.indexOf('?');
  if (q >= 0) query = text.slice(q + 1);
  // no URLSearchParams: this package runs without DOM or Node types
  const params = new Map<string, string>();
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    let value = pair.slice(eq + 1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw text
    }
    params.set(pair.slice(0, eq), value);
  }
  let chave = '';
  let data = '';
  let valorCentavos: number | undefined;

  const p = params.get('p');
  const chNFe = params.get('chNFe') ?? params.get('chnfe');
  if (p) {
    const parts = p.split('|');
    chave = (parts[0] ?? '').toUpperCase();
    // offline (contingency) form: day of issue and total follow the environment
    if (parts.length >= 6 && /^\d{1,2}$/.test(parts[3] ?? '') && /^\d+(\.\d{1,2})?$/.test(parts[4] ?? '')) {
      const k = accessKeyIsValid(chave) ? splitAccessKey(chave) : undefined;
      if (k) data = validDate(Number(parts[3]), k.mes, k.ano) ?? '';
      valorCentavos = Math.round(Number(parts[4]) * 100);
    }
  } else if (chNFe) {
    chave = chNFe.toUpperCase();
    const dh = params.get('dhEmi');
    if (dh) {
      const iso = hexToAscii(dh);
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
      if (m) data = validDate(Number(m[3]), Number(m[2]), Number(m[1])) ?? '';
    }
    const v = params.get('vNF');
    if (v && /^\d+(\.\d{1,2})?$/.test(v)) valorCentavos = Math.round(Number(v) * 100);
  } else {
    // some printers encode only the key
    chave = /[0-9A-Z]{44}/.exec(text.replace(/\s/g, '').toUpperCase())?.[0] ?? '';
  }
  if (!accessKeyIsValid(chave)) return undefined;
  const k = splitAccessKey(chave);
  return { chave, numero: k.numero, cnpj: k.cnpj, data, valorCentavos };
}

// ---------------------------------------------------------------- equipment labels

const LABEL_FIELDS: [string, RegExp][] = [
  ['fabricante', /(?:FABRICANTE|MARCA|MANUFACTURER|MFR|FABRICADO POR)\s*[:.-]?\s*([A-Z0-9][\w .&/-]{1,40})/],
  ['modelo', /(?:MODELO|MODEL|MOD\.)\s*[:.-]?\s*([A-Z0-9][\w./-]*(?: [A-Z0-9][\w./-]*)?)/],
  [
    'numero_serie',
    /(?:N\.?\s?O?\s?(?:DE\s)?SERIE|NUMERO DE SERIE|SERIAL(?: NO\.?| NUMBER)?|S\/N|\bNS\b)\s*[:.-]?\s*([A-Z0-9][\w/-]{2,30})/,
  ],
  [
    'tensao',
    /(?:TENSAO|VOLTAGEM|VOLTAGE)\s*[:.-]?\s*([\d.,/ -]+\s?K?V(?:CA|CC|AC|DC)?)|(?<![\w.])(\d{2,3}(?:\/\d{2,3})?\s?V(?:CA|CC|AC|DC)?)(?!\w)/,
  ],
  ['corrente', /(?:CORRENTE|CURRENT)\s*[:.-]?\s*([\d.,]+\s?M?A)(?!\w)|(?<![\w.])(\d+(?:[.,]\d+)?\s?A)(?![\w])/],
  [
    'potencia',
    /(?:POTENCIA|POWER)\s*[:.-]?\s*([\d.,]+\s?(?:KVA|KW|W|CV|HP|VA))|(?<![\w.])(\d+(?:[.,]\d+)?\s?(?:KVA|KW|CV|HP))(?!\w)/,
  ],
  ['frequencia', /(?:FREQUENCIA|FREQ\.?)\s*[:.-]?\s*([\d/ ]+\s?HZ)|(?<![\w.])(\d{2}(?:\/\d{2})?\s?HZ)(?!\w)/],
  [
    'ano_fabricacao',
    /(?:ANO(?: DE FABRICACAO)?|FABRICACAO|DATA DE FAB\.?|MFG\.?(?: DATE)?)\s*[:.-]?\s*((?:\d{2}\/)?(?:19|20)\d{2})/,
  ],
  ['peso', /(?:PESO|WEIGHT)\s*[:.-]?\s*([\d.,]+\s?KG)/],
  ['ip', /\b(IP\s?\d{2})\b/],
];

/** Fields of an equipment nameplate (fabricante, modelo, número de série, tensão, potência, ...) present in its OCR text. */
export function parseEquipmentLabel(text: string): Record<string, string> {
  const upper = text
    .split(/\r?\n/)
    .map((l) => normalize(l))
    .join('\n');
  const found: Record<string, string> = {};
  for (const [field, re] of LABEL_FIELDS) {
    for (const line of upper.split('\n')) {
      const m = re.exec(line);
      const value = m ? (m[1] ?? m[2]) : undefined;
      if (value?.trim()) {
        found[field] = value.trim().replace(/\s+/g, ' ');
        break;
      }
    }
  }
  return found;
}

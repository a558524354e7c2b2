import fc from 'fast-check';

/**
 * The hostile values of the hostile-input suites (src/modules/hostile-input.*.test.ts): strings,
 * numbers and shapes a form never sends, generators that read a route's own schema, and the kinds
 * of input sent to every place of every route (docs/rules.md#edge-input).
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  maxLength?: number;
  format?: string;
};
export type Operation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
};

export const HOSTILE_STRINGS = [
  '',
  ' ',
  "' OR '1'='1",
  '1; DROP TABLE orders; --',
  '" OR ""="',
  "') UNION SELECT password_hash FROM users --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  'a\u0000b',
  '\u202Eevil',
  '😀👨‍👩‍👧‍👦',
  'ção ÁÉÍ 中文 עברית',
  '%s%n%x',
  '$'.concat('{7*7}{{7*7}}'),
  '-1',
  '0',
  '1e309',
  '9999999999999999999999',
  'NaN',
  'null',
  'true',
  '2024-02-30',
  '25:99',
  '99/99/9999',
  '00.000.000/0000-00',
  'x'.repeat(300),
  'é'.repeat(70_000),
];

export const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: 40 }));
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31), 2 ** 53, Number.MAX_VALUE, -Number.MAX_VALUE, 0.5, 1e-300),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileString, { maxKeys: 2 }),
);

/** A plausible value for a schema, so the other fields get past validation and the hostile one is reached. */
export function plausible(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(plausible));
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'integer':
      return fc.integer({ min: 1, max: 5 });
    case 'number':
      return fc.integer({ min: 0, max: 100_000 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(schema.items), { maxLength: 2 });
    case 'object':
      return objectOf(schema);
    case 'null':
      return fc.constant(null);
    default:
      if (schema.format === 'date') return fc.constantFrom('2024-01-31', '2024-02-29');
      if (schema.format === 'email') return fc.constantFrom('a@b.co', 'x@exemplo.com.br');
      return fc.oneof(fc.constantFrom('2024-01-31', '08:30', 'Teste', '12345'), fc.string({ maxLength: 8 }));
  }
}

/** An object where each declared field is plausible or hostile (or missing), with sometimes an extra key. */
export function objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const record = Object.fromEntries(props.map(([name, s]) => [name, fc.oneof(plausible(s), hostileValue)]));
  return fc
    .tuple(fc.record(record, { requiredKeys: [] }), fc.option(fc.tuple(hostileString, hostileValue), { nil: undefined }))
    .map(([obj, extra]) => (extra ? { ...obj, [extra[0].slice(0, 20) || 'x']: extra[1] } : obj));
}

/** Path parameters: ids of records that exist (`ids`), and hostile ones. */
export function paramValueOf(ids: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...ids, '999999'),
    fc.constantFrom('0', '-1', '1.5', '1e3', 'abc', '%00', '..%2F..%2Fetc%2Fpasswd', '%27%20OR%201%3D1', '9'.repeat(30)),
    fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
  );
}

export const FILES: { name: string; type: string; data: Buffer }[] = [
  { name: 'foto.jpg', type: 'image/jpeg', data: Buffer.alloc(0) },
  { name: 'foto.jpg', type: 'image/jpeg', data: Buffer.from('<?php echo 1; ?>') },
  { name: '../../../etc/passwd', type: 'image/png', data: Buffer.from('\x89PNG\r\n\x1a\nnot really') },
  { name: 'a\u0000.jpg', type: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]) },
  {
    name: 'x.svg',
    type: 'image/svg+xml',
    data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  { name: 'doc.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF') },
];

export type Place = 'json' | 'query' | 'multipart' | 'multipart-file';
export type Sort = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'other';
export interface Kind {
  name: string;
  /** The JSON value (or raw JSON text when JSON.stringify cannot write it). */
  json?: unknown;
  rawJson?: string;
  /** Encoded query values (several = the parameter repeated, an array). */
  query: string[];
  /** Multipart values (several = the field repeated). */
  multipart: string[];
  /** Which sorts of field the kind is aimed at. */
  fits(sort: Sort): boolean;
  /** Where it must be refused whatever the field (the others may be accepted as ordinary text). */
  refused: Partial<Record<Place, boolean>>;
}
const MB_STRING = 'x'.repeat(1024 * 1024);
const anyField = () => true;
const scalar = (s: Sort) => s !== 'array' && s !== 'object';
const numeric = (s: Sort) => s === 'integer' || s === 'number' || s === 'other';
const textual = (s: Sort) => s === 'string' || s === 'other';
export const KINDS: Kind[] = [
  {
    name: 'NUL',
    json: 'a\u0000b',
    query: ['a%00b'],
    multipart: ['a\u0000b'],
    fits: textual,
    refused: { json: true, query: true },
  },
  // An unpaired surrogate exists in JSON and URL escapes; multipart is UTF-8 bytes, where it becomes U+FFFD.
  {
    name: 'unpaired surrogate',
    rawJson: '"\\ud800abc"',
    query: ['%ED%A0%80abc'],
    multipart: ['\ud800abc'],
    fits: textual,
    refused: { json: true },
  },
  {
    name: 'lone combining marks',
    json: '\u0301\u0308\u0327',
    query: ['%CC%81%CC%88'],
    multipart: ['\u0301\u0308'],
    fits: textual,
    refused: {},
  },
  {
    name: 'RTL override',
    json: '\u202Eevil\u202C',
    query: ['%E2%80%AEevil'],
    multipart: ['\u202Eevil'],
    fits: textual,
    refused: {},
  },
  { name: '1 MB string', json: MB_STRING, query: [MB_STRING], multipart: [MB_STRING], fits: anyField, refused: {} },
  { name: 'id beyond 2^31', json: 3_000_000_000, query: ['3000000000'], multipart: ['3000000000'], fits: numeric, refused: {} },
  {
    name: 'number beyond 2^53',
    rawJson: '9007199254740993123',
    query: ['9007199254740993123'],
    multipart: ['9007199254740993123'],
    fits: numeric,
    refused: {},
  },
  { name: 'exponent notation', rawJson: '1e400', query: ['1e3'], multipart: ['1e3'], fits: numeric, refused: {} },
  { name: 'array for a value', json: ['1', '2'], query: ['1', '2'], multipart: ['1', '2'], fits: scalar, refused: {} },
  { name: 'object for a value', json: { a: 1 }, query: ['%7B%22a%22%3A1%7D'], multipart: ['{"a":1}'], fits: scalar, refused: {} },
];
/** Phrases of a validation library, a regular expression or a type name: never shown to a person. */
export const LIBRARY_PHRASES =
  /esperava|Expected|Invalid input|Required|\bNaN\b|undefined|\bnull\b|ZodError|\/\^|\\d|must (be|have|match)|Too (big|small)|Demasiado/i;

/**
 * Whether a message names the field: its label, in any case ('Preencha uma data e uma descrição.'
 * names Data, the old product's sentences kept as they were, docs/rules.md#validation); a file by
 * what it is to a person (foto, arquivo, PDF).
 */
export function namesField(message: string, label: string): boolean {
  if (OLD_PRODUCT_SENTENCES.has(message)) return true;
  const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const m = plain(message);
  if (m.includes(plain(label))) return true;
  // Or by its head word ('Link inválido ou expirado.' names the 'Link de recuperação').
  const head = plain(label).split(/\s+/)[0] ?? '';
  if (head.length >= 3 && new RegExp(`\\b${head.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(m)) return true;
  return /^(imagem|image|arquivo|file|pdf)$/i.test(label) && /foto|arquivo|pdf|imagem/.test(m);
}

/** The old product's sentences for a whole form, kept word for word (docs/api.md, docs/screens.md). */
const OLD_PRODUCT_SENTENCES = new Set([
  'Preencha razao, cnpj e e-mail do cliente.',
  'Por favor, preencha todos os campos obrigatórios.',
  'Por favor, selecione um arquivo PDF válido.',
  'Please select a valid image file (JPG, PNG)',
  'Informe o anexo ou o número e o tipo do documento.',
]);

export function typeOf(schema: JsonSchema): Sort {
  if (schema.anyOf?.length) {
    const sorts = new Set(schema.anyOf.map(typeOf));
    return sorts.size === 1 ? [...sorts][0]! : 'other';
  }
  if (schema.enum) return 'string';
  const type = [schema.type].flat()[0];
  return (['string', 'integer', 'number', 'boolean', 'array', 'object'] as const).find((s) => s === type) ?? 'other';
}

/** One plausible value of a schema, with every declared property of an object. */
export function baseValue(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.length) return baseValue(schema.anyOf[0]!);
  switch ([schema.type].flat()[0]) {
    case 'integer':
      return 3;
    case 'number':
      return 10;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, baseValue(s)]));
    case 'null':
      return null;
    default:
      if (schema.format === 'date') return '2024-01-31';
      if (schema.format === 'email') return 'cliente@exemplo.com.br';
      return 'Texto de teste';
  }
}

/** Required query parameters of a list (the agenda's two days), unless the hostile one is among them. */
export function requiredQueryOf(url: string, hostile: string): string {
  if (url !== '/api/agenda') return '';
  return ['inicio=2026-01-01', 'fim=2026-01-31']
    .filter((pair) => !pair.startsWith(`${hostile}=`))
    .map((pair) => `&${pair}`)
    .join('');
}

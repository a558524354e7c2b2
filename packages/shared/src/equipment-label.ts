import { normalize } from './receipt-text';

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

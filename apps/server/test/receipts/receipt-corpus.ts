/**
 * A corpus of receipt photos made here (several layouts and fonts, thousands separators,
 * dates in several forms, rotation up to 3°, noise and blur, some with a real NFC-e QR code), with
 * the fields each one should read as. Used by the benchmark and the opt-in corpus test.
 */
import { centavosToInput, MONTH_NAMES } from '@os/shared';
import sharp from 'sharp';
import { randomUnits } from '../random';
import { makeAccessKey, renderReceipt } from './receipt-images';

export interface CorpusItem {
  name: string;
  photo: Buffer;
  expected: { data: string; documento: string; valor: string };
}

const FONTS = ['DejaVu Sans Mono', 'Liberation Mono', 'DejaVu Sans', 'Liberation Sans'];

/** Centavos as a receipt prints them: '1.219,82'. */
export const brl = (centavos: number) => {
  const [int, dec] = (centavos / 100).toFixed(2).split('.');
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
};
export const pad = (n: number) => String(n).padStart(2, '0');

/** What a corpus receipt says: its day and month of 2026, its value in centavos and its document number. */
export interface ReceiptFigures {
  d: number;
  m: number;
  valor: number;
  doc: number;
}

/** A whole number from `from`, below `from + span`, drawn from `r`. */
export const drawInt = (r: () => number, from: number, span: number) => from + Math.floor(r() * span);

type Span = [from: number, span: number];

/**
 * The figures of a corpus's i-th receipt, drawn from `r` in this order: the day, the month, the value (every
 * third one from the `big` span, a value with a thousands separator), the document number.
 */
export const drawFigures = (r: () => number, i: number, spans: { day: Span; big: Span; small: Span; doc: Span }) => ({
  d: drawInt(r, ...spans.day),
  m: drawInt(r, 1, 12),
  valor: i % 3 === 0 ? drawInt(r, ...spans.big) : drawInt(r, ...spans.small),
  doc: drawInt(r, ...spans.doc),
});

/** The reading a receipt with these figures must give. */
export const expectedReading = ({ d, m, valor, doc }: ReceiptFigures): CorpusItem['expected'] => ({
  data: `${pad(d)}/${pad(m)}/2026`,
  documento: String(doc),
  valor: centavosToInput(valor),
});

/** `count` items of a corpus, the i-th made by `item` from the draws of `seed`: the same seed, the same items. */
export async function buildItems(
  count: number,
  seed: number,
  item: (r: () => number, i: number) => Promise<CorpusItem>,
): Promise<CorpusItem[]> {
  const r = randomUnits(seed);
  const items: CorpusItem[] = [];
  for (let i = 0; i < count; i++) items.push(await item(r, i));
  return items;
}

type Template = (r: () => number, v: ReceiptFigures) => { lines: string[]; qr?: string };

const TEMPLATES: Template[] = [
  // CF-e SAT
  (_r, { d, m, valor, doc }) => ({
    lines: [
      'AUTO POSTO TREVO LTDA',
      'CNPJ: 12.345.678/0001-95 IE: 244.123.456.119',
      'CUPOM FISCAL ELETRONICO - SAT',
      `Extrato No. ${String(doc).padStart(6, '0')}`,
      `GASOLINA COMUM  35,512 L  ${brl(valor)}`,
      `TOTAL R$        ${brl(valor)}`,
      `Dinheiro        ${brl(valor + 5000)}`,
      'Troco R$        50,00',
      `${pad(d)}/${pad(m)}/2026 - 14:32:10`,
    ],
  }),
  // NFC-e with a QR code (online form: number from the key, date and value from the text)
  (_r, { d, m, valor, doc }) => ({
    lines: [
      'RESTAURANTE SABOR MINEIRO LTDA',
      'CNPJ: 98.765.432/0001-10',
      `Qtd. total de itens 3`,
      `Valor total R$ ${brl(valor + 500)}`,
      'Descontos R$ 5,00',
      `Valor a pagar R$ ${brl(valor)}`,
      `NFC-e n. ${String(doc)
        .padStart(9, '0')
        .replace(/(\d{3})(\d{3})(\d{3})/, '$1.$2.$3')} Serie 001`,
      `Emissao ${pad(d)}/${pad(m)}/2026 12:41:03`,
    ],
    qr: `https://www.nfce.fazenda.sp.gov.br/qrcode?p=${makeAccessKey('98765432000110', doc, `26${pad(m)}`)}|2|1|1|A1B2C3D4`,
  }),
  // old ECF with COO
  (_r, { d, m, valor, doc }) => ({
    lines: [
      'PADARIA PAO QUENTE ME',
      'CNPJ 22.333.444/0001-05',
      `${pad(d)}/${pad(m)}/2026 07:45:12 CCF:012345 COO: ${String(doc).padStart(6, '0')}`,
      'CUPOM FISCAL',
      `SUBTOTAL R$ ${brl(valor)}`,
      `TOTAL R$ ${brl(valor)}`,
      `DINHEIRO ${brl(valor + 1000)}`,
      'TROCO 10,00',
    ],
  }),
  // nota de serviço
  (_r, { d, m, valor, doc }) => ({
    lines: [
      'PREFEITURA MUNICIPAL DE CAMPINAS',
      'NOTA FISCAL DE SERVICOS ELETRONICA',
      `Numero da Nota: ${String(doc).padStart(8, '0')}`,
      `Data de Emissao: ${pad(d)}-${pad(m)}-2026`,
      'CPF/CNPJ: 45.678.901/0001-23',
      `VALOR TOTAL DO SERVICO = R$ ${brl(valor)}`,
      'Aliquota (%) 2,00',
    ],
  }),
  // recibo with a written-out date
  (_r, { d, m, valor, doc }) => ({
    lines: [
      `RECIBO No ${doc}`,
      `Valor: R$ ${brl(valor)}`,
      'Recebi de ACME Engenharia Ltda',
      'a importancia acima referente a',
      'servico de borracharia.',
      `Campinas, ${d} de ${MONTH_NAMES[m - 1]} de 2026`,
    ],
  }),
  // pedágio with a two-digit year
  (_r, { d, m, valor, doc }) => ({
    lines: [
      'CONCESSIONARIA RODOVIAS DO TIETE',
      'CNPJ 10.678.505/0001-63',
      'PRACA: P4 - ANHEMBI NORTE',
      'PLACA: ABC1D23',
      `DATA: ${pad(d)}/${pad(m)}/26 HORA: 07:12`,
      `TARIFA: R$ ${brl(valor)}`,
      `TICKET: ${String(doc).padStart(7, '0')}`,
    ],
  }),
  // hotel
  (_r, { d, m, valor, doc }) => ({
    lines: [
      'HOTEL POUSADA DAS FLORES',
      'CNPJ: 33.444.555/0001-60',
      `FATURA No ${doc}`,
      `Check-in: ${pad(Math.max(1, d - 2))}/${pad(m)}/2026`,
      `Subtotal ${brl(valor - 1000)}`,
      'Taxa de servico 10,00',
      `TOTAL GERAL R$ ${brl(valor)}`,
      `Emitido em ${pad(d)}.${pad(m)}.2026`,
    ],
  }),
];

/** `count` photos of 1920x1080 (a receipt on a table), each with its expected reading. */
export function buildCorpus(count = 30, seed = 6): Promise<CorpusItem[]> {
  return buildItems(count, seed, async (r, i) => {
    const template = TEMPLATES[i % TEMPLATES.length]!;
    const figures = drawFigures(r, i, { day: [1, 28], big: [100_000, 900_000], small: [1_000, 90_000], doc: [100, 900_000] });
    const { lines, qr } = template(r, figures);
    const rotate = Math.round((r() * 6 - 3) * 10) / 10;
    const receipt = await renderReceipt(lines, { qr, rotate, font: FONTS[i % FONTS.length], width: 1000 });
    const meta = await sharp(receipt).metadata();
    const scale = Math.min(1, 1000 / (meta.height ?? 1000));
    let paper = sharp(receipt).resize({ height: Math.round((meta.height ?? 1000) * scale) });
    if (i % 2 === 1) paper = paper.blur(0.6);
    const placed = await paper.toBuffer();
    const placedMeta = await sharp(placed).metadata();
    // grey table with sensor noise around the paper
    const noise = Buffer.alloc(1920 * 1080 * 3);
    for (let p = 0; p < noise.length; p++) noise[p] = 90 + Math.floor(r() * 40);
    const photo = await sharp(noise, { raw: { width: 1920, height: 1080, channels: 3 } })
      .composite([
        {
          input: placed,
          left: Math.round((1920 - (placedMeta.width ?? 1000)) / 2),
          top: Math.round((1080 - (placedMeta.height ?? 1000)) / 2),
        },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();
    return { name: `${i + 1}`.padStart(2, '0'), photo, expected: expectedReading(figures) };
  });
}

import sharp from 'sharp';
import { randomUnits } from '../random';
import { brl, buildItems, type CorpusItem, drawFigures, expectedReading, pad, type ReceiptFigures } from './receipt-corpus';
import { makeAccessKey, renderReceipt } from './receipt-images';

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

type Layout = (v: ReceiptFigures) => { lines: string[]; qr?: string };

const LAYOUTS: Layout[] = [
  // restaurant NFC-e with a QR code: the tax authority's figures are in the key's QR
  ({ d, m, valor, doc }) => ({
    lines: [
      'CHURRASCARIA GAUCHA DO VALE LTDA',
      'CNPJ 41.222.987/0001-33',
      'Documento Auxiliar da NFC-e',
      '2 X PRATO EXECUTIVO',
      `QTD. TOTAL DE ITENS        2`,
      `VALOR TOTAL R$       ${brl(valor)}`,
      `FORMA PAGAMENTO  Cartao Debito`,
      `NFC-e No ${String(doc).padStart(9, '0')} Serie 2`,
      `Emissao: ${pad(d)}/${pad(m)}/2026 13:05:44`,
    ],
    qr: `https://www.sefaz.mt.gov.br/nfce/consultanfce?p=${makeAccessKey('41222987000133', doc, `26${pad(m)}`)}|2|1|1|9F8E7D6C`,
  }),
  // fuel: price per litre and change on the same slip
  ({ d, m, valor, doc }) => ({
    lines: [
      'POSTO ESTRELA DA SERRA',
      'CNPJ: 07.555.333/0002-71',
      `CUPOM No: ${String(doc).padStart(6, '0')}`,
      'DIESEL S10   4,890 /L',
      `TOTAL A PAGAR   R$ ${brl(valor)}`,
      `PIX             R$ ${brl(valor)}`,
      `DATA ${pad(d)}/${pad(m)}/2026  HORA 06:51`,
    ],
  }),
  // toll ticket
  ({ d, m, valor, doc }) => ({
    lines: [
      'ECOVIAS DOS IMIGRANTES',
      'CNPJ 02.509.491/0001-26',
      'PRACA 03 PIRATININGA',
      `${pad(d)}/${pad(m)}/2026 22:14  CAT 2`,
      `VALOR PAGO R$ ${brl(valor)}`,
      `N. TRANSACAO ${String(doc).padStart(8, '0')}`,
    ],
  }),
  // hotel invoice with a stay that starts days before
  ({ d, m, valor, doc }) => ({
    lines: [
      'HOTEL SERRANO CENTRO',
      'CNPJ 61.444.222/0001-09',
      `NOTA No ${doc}`,
      `Entrada ${pad(Math.max(1, d - 3))}/${pad(m)}/2026`,
      `Saida ${pad(d)}/${pad(m)}/2026`,
      `Diarias 3   Total R$ ${brl(valor)}`,
    ],
  }),
  // NFS-e of a service (workshop)
  ({ d, m, valor, doc }) => ({
    lines: [
      'PREFEITURA DE SOROCABA',
      'NFS-e - NOTA FISCAL DE SERVICO ELETRONICA',
      `Numero NFS-e: ${doc}`,
      `Data e hora da emissao: ${pad(d)}/${pad(m)}/2026 10:22`,
      'Prestador: AUTO ELETRICA SILVA ME',
      `Valor dos servicos R$ ${brl(valor)}`,
      `Valor liquido R$ ${brl(valor)}`,
    ],
  }),
  // bakery receipt with the month written short
  ({ d, m, valor, doc }) => ({
    lines: [
      'PANIFICADORA TRIGO DOURADO',
      `Recibo n. ${doc}`,
      `${pad(d)} ${MONTHS[m - 1]} 2026`,
      '3 CAFE COM LEITE',
      `TOTAL  ${brl(valor)}`,
      `RECEBIDO ${brl(valor + 2000)}  TROCO 20,00`,
    ],
  }),
];

export interface FieldPhotoOptions {
  /** degrees, ±; the field's photos go up to 15. */
  tilt: number;
  /** 0 (fresh paper) to 1 (ink nearly gone). */
  fade: number;
  /** 0 (none) to 1 (the dark side of the paper at a third of its light). */
  shadow: number;
  /** the camera's long side before the phone reduces it to 1920 px (8 MP ≈ 3264, 12 MP ≈ 4000). */
  cameraWidth: number;
}

/** A receipt's lines as a field photo: paper on a table, tilted, faded, shadowed, reduced as the phone sends it. */
export async function fieldPhoto(
  lines: string[],
  qr: string | undefined,
  font: string,
  o: FieldPhotoOptions,
  seed: number,
): Promise<Buffer> {
  const r = randomUnits(seed);
  const grey = Math.round(17 + o.fade * 130); // thermal ink fades from #111 toward #939393
  const ink = `#${grey.toString(16).padStart(2, '0').repeat(3)}`;
  const paper = await renderReceipt(lines, { qr, font, width: 1000, ink });
  const cw = o.cameraWidth;
  const ch = Math.round((cw * 3) / 4);
  const meta = await sharp(paper).metadata();
  // The receipt fills most of the frame, as a person frames it.
  const [w, h] = [meta.width ?? 1000, meta.height ?? 1000];
  const [cos, sin] = [Math.abs(Math.cos((o.tilt * Math.PI) / 180)), Math.abs(Math.sin((o.tilt * Math.PI) / 180))];
  const scale = Math.min((ch * 0.9) / (w * sin + h * cos), (cw * 0.8) / (w * cos + h * sin));
  const placed = await sharp(paper)
    .resize({ width: Math.round(w * scale) })
    .rotate(o.tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const pm = await sharp(placed).metadata();
  const shadowSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${cw}" height="${ch}"><defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#000" stop-opacity="${(o.shadow * 0.66).toFixed(2)}"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#s)"/></svg>`;
  const table = { r: 70 + Math.floor(r() * 50), g: 60 + Math.floor(r() * 40), b: 50 + Math.floor(r() * 30) };
  const shot = await sharp({ create: { width: cw, height: ch, channels: 3, background: table } })
    .composite([
      {
        input: placed,
        left: Math.round((cw - (pm.width ?? 0)) / 2 + (r() - 0.5) * (cw - (pm.width ?? 0)) * 0.8),
        top: Math.max(0, Math.round((ch - (pm.height ?? 0)) / 2)),
      },
      { input: Buffer.from(shadowSvg), blend: 'multiply' },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
  // The phone's own reduction (lib/photo.ts): 1920 px on the long side, JPEG.
  return sharp(shot)
    .blur(0.5 + r() * 0.4)
    .resize({ width: 1920 })
    .jpeg({ quality: 82 })
    .toBuffer();
}

const FONTS = ['Liberation Mono', 'DejaVu Sans Mono', 'Liberation Sans', 'DejaVu Sans'];

/** `count` field photos with their expected reading; the same seed, the same photos. */
export function buildFieldCorpus(count = 40, seed = 2611): Promise<CorpusItem[]> {
  return buildItems(count, seed, async (r, i) => {
    const layout = LAYOUTS[i % LAYOUTS.length]!;
    const figures = drawFigures(r, i, { day: [4, 24], big: [100_000, 400_000], small: [800, 60_000], doc: [1000, 800_000] });
    const { lines, qr } = layout(figures);
    const options: FieldPhotoOptions = {
      tilt: Math.round((r() * 30 - 15) * 10) / 10,
      fade: r() * 0.55,
      shadow: r() * 0.8,
      cameraWidth: r() < 0.5 ? 3264 : 4000,
    };
    const photo = await fieldPhoto(lines, qr, FONTS[i % FONTS.length]!, options, seed + i);
    return {
      name: `campo-${String(i + 1).padStart(2, '0')} (${options.tilt}°, desbotado ${options.fade.toFixed(2)}, sombra ${options.shadow.toFixed(2)})`,
      photo,
      expected: expectedReading(figures),
    };
  });
}

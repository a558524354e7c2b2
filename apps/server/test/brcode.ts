/**
 * A second, independent reader of BR Codes for the tests (docs/rules.md#pix): the EMV tag-length-value fields
 * of the 'Pix Copia e Cola' text, and its CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) computed here bit
 * by bit, as the Central Bank's manual describes it, so the product's library is checked, not trusted.
 */

export type Emv = Map<string, string>;

export function parseEmv(text: string): Emv {
  const fields: Emv = new Map();
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len) || i + 4 + len > text.length) throw new Error(`bad EMV field at ${i}`);
    fields.set(id, text.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return fields;
}

export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The fields a payer's bank reads, after checking the CRC of everything before it. */
export function readBrCode(text: string) {
  const top = parseEmv(text);
  const crc = top.get('63');
  if (!text.endsWith(`6304${crc}`)) throw new Error('CRC is not the last field');
  const account = parseEmv(top.get('26') ?? '');
  const extra = parseEmv(top.get('62') ?? '');
  return {
    crcOk: crc === crc16Ccitt(text.slice(0, -4)),
    payloadFormat: top.get('00'),
    gui: account.get('00'),
    chave: account.get('01'),
    mcc: top.get('52'),
    moeda: top.get('53'),
    valor: top.get('54'),
    pais: top.get('58'),
    nome: top.get('59'),
    cidade: top.get('60'),
    txid: extra.get('05'),
  };
}

/** NFC-e access keys and QR codes: the tax authority's own figures of a receipt (docs/rules.md#receipts). */

import { validDate } from './receipt-text';

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

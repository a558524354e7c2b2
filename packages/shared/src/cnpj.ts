/**
 * CNPJ, numeric and alphanumeric (docs/rules.md#cnpj, IN RFB 2.229/2024): 12 characters
 * 0-9/A-Z, then 2 numeric check digits; a character's value is its ASCII code minus 48.
 */
const BASE = /^[0-9A-Z]{12}$/;

function checkDigit(chars: string): number {
  // Weights run 2..9 from the right, repeating.
  let sum = 0;
  for (let i = 0; i < chars.length; i++) {
    const weight = ((chars.length - 1 - i) % 8) + 2;
    sum += (chars.charCodeAt(i) - 48) * weight;
  }
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** Upper-cases and strips punctuation: '12.abc.345/01de-35' -> '12ABC34501DE35'. */
export function normalizeCnpj(input: string): string {
  return input.toUpperCase().replace(/[.\-/\s]/g, '');
}

export function isValidCnpj(input: string): boolean {
  const cnpj = normalizeCnpj(input);
  if (cnpj.length !== 14 || !BASE.test(cnpj.slice(0, 12)) || !/^\d{2}$/.test(cnpj.slice(12))) return false;
  if (/^(.)\1{13}$/.test(cnpj)) return false;
  const first = checkDigit(cnpj.slice(0, 12));
  const second = checkDigit(cnpj.slice(0, 12) + first);
  return cnpj.endsWith(`${first}${second}`);
}

/** The two check digits for a 12-character base (used by demo data and tests). */
export function cnpjCheckDigits(base: string): string {
  const first = checkDigit(base);
  return `${first}${checkDigit(base + first)}`;
}

/** '11222333000181' -> '11.222.333/0001-81'; anything not 14 characters is returned as is. */
export function formatCnpj(input: string | null | undefined): string {
  const c = normalizeCnpj(input ?? '');
  if (c.length !== 14) return input ?? '';
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}

/** '01310100' -> '01310-100'. */
export function formatCep(input: string | null | undefined): string {
  const c = (input ?? '').replace(/\D/g, '');
  return c.length === 8 ? `${c.slice(0, 5)}-${c.slice(5)}` : (input ?? '');
}

/** Text helpers shared by the receipt and label readers (not exported from the package). */

/** Upper case, no accents, OCR's usual look-alikes for º fixed, spaces squeezed. */
export function normalize(line: string): string {
  return line
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[º°ª]/g, 'O')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** 'DD/MM/YYYY' of a day that exists (a two-digit year is 20YY), or undefined. */
export function validDate(d: number, m: number, y: number): string | undefined {
  if (y < 100) y += 2000;
  if (y < 2000 || y > 2099 || m < 1 || m > 12 || d < 1) return undefined;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return undefined;
  return `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
}

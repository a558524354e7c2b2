/** Formatting shared by screens and PDFs (UI.md "Formats everywhere"). */

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 123456 centavos -> 'R$ 1.234,56'; null/undefined -> 'R$ 0,00' (spec §9). */
export function formatCentavos(centavos: number | null | undefined): string {
  // Intl puts a no-break space after 'R$'; the spec writes a plain space.
  return brl.format((centavos ?? 0) / 100).replace(/\u00a0/g, ' ');
}

/** 'YYYY-MM-DD' (or an ISO timestamp) -> 'DD/MM/YYYY'; anything else is returned as is. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** Order numbers are shown padded to 5 digits (spec §9, DECISIONS.md §8). */
export function padNumber(n: number | string | null | undefined, width = 5): string {
  if (n === null || n === undefined || n === '') return '';
  return String(n).padStart(width, '0');
}

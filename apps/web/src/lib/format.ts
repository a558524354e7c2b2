/** Every screen formats through these shared helpers (UI.md: one format everywhere). */
export { formatCentavos, formatCep, formatCnpj, formatDate, padNumber } from '@os/shared';

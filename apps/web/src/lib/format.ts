/** Every screen formats through these shared helpers (docs/ui.md#consistency: one format everywhere). */
export { formatCentavos, formatCep, formatCnpj, formatDate, formatKm, formatMinutes, padNumber } from '@os/shared';

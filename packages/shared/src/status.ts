/** Order statuses (docs/rules.md#states, docs/rules.md#readings): one stored spelling each. */
export const ORDER_STATUSES = ['Aberto', 'Andamento', 'Concluído', 'Fechado'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  Aberto: 'Aberto',
  Andamento: 'Em andamento',
  Concluído: 'Concluído',
  Fechado: 'Fechado',
};

/**
 * The 'Término' of an order's card and view (docs/rules.md#daily-use): its end date, 'Em andamento' while
 * the work goes on, '—' for an order not started (Aberto) or ended without a date.
 */
export function endDateLabel(order: { status: string; endDate: string | null }, format: (day: string) => string): string {
  if (order.endDate) return format(order.endDate);
  return order.status === 'Andamento' ? STATUS_LABELS.Andamento : '—';
}

/** Accepts the spellings the old product sent ('Concluido', 'Em andamento', any case). */
export function normalizeStatus(input: string): OrderStatus | null {
  const key = input
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
  switch (key) {
    case 'aberto':
      return 'Aberto';
    case 'andamento':
    case 'em andamento':
      return 'Andamento';
    case 'concluido':
      return 'Concluído';
    case 'fechado':
      return 'Fechado';
    default:
      return null;
  }
}

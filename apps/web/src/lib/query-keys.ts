import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * One query-key factory per resource. Every query of a resource lives under its `all` prefix, whichever
 * screen or feature asks, so a write invalidates `all` and every screen showing that resource reloads
 * (docs/architecture.md).
 */
export const queryKeys = {
  orders: {
    all: ['orders'] as const,
    list: (params: object) => ['orders', 'list', params] as const,
    report: (filters: object, page: object) => ['orders', 'report', filters, page] as const,
    history: (id: number) => ['orders', 'history', id] as const,
    one: (id: number) => ['orders', 'one', id] as const,
    /** An equipment's service history: its orders, so any order write reloads it. */
    ofEquipment: (equipmentId: number) => ['orders', 'equipment', equipmentId] as const,
  },
  agenda: {
    all: ['agenda'] as const,
    period: (params: object) => ['agenda', 'period', params] as const,
    pending: ['agenda', 'pending'] as const,
  },
  closings: { all: ['closings'] as const },
  /** Quotes (docs/screens.md#orcamentos); an order made from one reloads the orders too. */
  quotes: { all: ['quotes'] as const },
  /** The company's PIX data and the closings' charges (docs/rules.md#pix). */
  pix: { all: ['pix'] as const },
  clients: {
    all: ['clients'] as const,
    page: (query: object) => ['clients', 'page', query] as const,
    every: ['clients', 'every'] as const,
  },
  /** The equipment register, its pages, history and the due preventive list (docs/screens.md#equipamentos). */
  equipment: {
    all: ['equipment'] as const,
    page: (query: object) => ['equipment', 'page', query] as const,
    ofClient: (clientId: number) => ['equipment', 'client', clientId] as const,
    one: (id: number) => ['equipment', 'one', id] as const,
    due: (until: string) => ['equipment', 'due', until] as const,
  },
  /** Checklist templates, an order's checklist and an equipment's readings (docs/screens.md#modelos-de-checklist). */
  checklists: {
    all: ['checklists'] as const,
    templates: ['checklists', 'templates'] as const,
    order: (osId: number) => ['checklists', 'order', osId] as const,
    readings: (equipmentId: number) => ['checklists', 'readings', equipmentId] as const,
  },
  /** The materials register, the stock places, their balances and the ledger (docs/screens.md#materiais). */
  materials: {
    all: ['materials'] as const,
    page: (query: object) => ['materials', 'page', query] as const,
    catalogue: ['materials', 'catalogue'] as const,
  },
  stock: {
    all: ['stock'] as const,
    places: ['stock', 'places'] as const,
    balances: (placeId: number, query: object) => ['stock', 'balances', placeId, query] as const,
    movements: (query: object) => ['stock', 'movements', query] as const,
  },
  /** An order's materials: a record of the order and a movement of stock, so a write reloads both. */
  orderMaterials: (osId: number) => ['stock', 'order', osId] as const,
  users: { all: ['users'] as const },
  expenseTypes: { all: ['expense-types'] as const },
  companies: { all: ['companies'] as const },
  parameters: { all: ['parameters'] as const },
  /** The engineer's open orders (the cards of /service-orders). */
  lancamentos: { all: ['lancamentos'] as const },
  /** An order's field records, one resource each, keyed by the order. */
  viagemIda: (osId: number) => ['viagemida', osId] as const,
  viagemVolta: (osId: number) => ['viagemvolta', osId] as const,
  servicos: (osId: number) => ['servicos', osId] as const,
  descricoes: (osId: number) => ['descricao', osId] as const,
  assinatura: (osId: number) => ['assinatura', osId] as const,
  despesas: (osId: number) => ['despesas', osId] as const,
} as const;

/** A write that, once done, reloads every query of the resources it changes (their `all` prefixes). */
export function useResourceWrite<Input, Output>(
  resources: readonly (readonly unknown[])[],
  mutationFn: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(resources.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

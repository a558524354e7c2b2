import { FIELD_LABELS } from './edge';

/** Offline field app (docs/rules.md#offline-sync, docs/rules.md#beyond-the-old-product): labels of the outbox (its messages, OFFLINE_MSG, are in messages.ts). */

/**
 * The record writes the field app may keep on the device while there is no signal
 * (docs/rules.md#offline-sync): each endpoint, the label of its entries in the outbox, and the body
 * field that names the entry's order. Nothing else is ever queued.
 */
export const OFFLINE_ENDPOINTS = {
  '/api/viagemida/': { label: 'Viagem de ida', orderField: 'numeroos' },
  '/api/servicos/': { label: 'Dia de serviço', orderField: 'numeroos' },
  '/api/viagemvolta/': { label: 'Viagem de volta', orderField: 'numeroos' },
  '/api/descricao/': { label: 'Descrição', orderField: 'osnumber' },
  '/api/despesa/': { label: 'Despesa', orderField: 'osnumero' },
  '/api/assinatura/salvar': { label: 'Assinatura', orderField: 'ordemServicoId' },
  '/api/checklist/respostas': { label: 'Checklist', orderField: 'osId' },
} as const;
export type OfflineEndpoint = keyof typeof OFFLINE_ENDPOINTS;

/** A record write whose order is in its path (docs/rules.md#materials-and-stock): POST /api/os/{id}/materiais. */
const ORDER_MATERIALS_PATH = /^\/api\/os\/(\d+)\/materiais$/;
export type OfflinePath = OfflineEndpoint | `/api/os/${number}/materiais`;

/** The outbox's label of an entry sent to `path`. */
export function offlineLabel(path: string): string {
  if (ORDER_MATERIALS_PATH.test(path)) return 'Material';
  return (OFFLINE_ENDPOINTS as Record<string, { label: string }>)[path]?.label ?? path;
}

/** The order an entry points at: in its path, or in its endpoint's order field. */
export function offlineOrderOf(path: string, fields: Record<string, unknown>): number | null {
  const inPath = ORDER_MATERIALS_PATH.exec(path);
  const endpoint = (OFFLINE_ENDPOINTS as Record<string, { orderField: string }>)[path];
  const n = Number(inPath ? inPath[1] : endpoint ? fields[endpoint.orderField] : Number.NaN);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export const OFFLINE_KIND_LABELS: Record<string, string> = Object.fromEntries(
  Object.entries(OFFLINE_ENDPOINTS).map(([path, { label }]) => [path, label]),
);

/** The body fields that name an entry's order (never offered for correction). */
export const OFFLINE_ORDER_FIELDS: readonly string[] = [...new Set(Object.values(OFFLINE_ENDPOINTS).map((e) => e.orderField))];

/** Labels of the fields a refused entry offers for correction (the screens' own labels). */
export const OFFLINE_FIELD_LABELS: Record<string, string> = { ...FIELD_LABELS, nome: 'Nome de quem assina' };

/** 'N pendentes' (one: '1 pendente'). */
export const pendingCountLabel = (n: number) => (n === 1 ? '1 pendente' : `${n} pendentes`);

import { describe, expect, it } from 'vitest';
import { OFFLINE_KIND_LABELS, pendingCountLabel } from './offline';

describe('pendingCountLabel', () => {
  it('says 1 pendente and N pendentes', () => {
    expect(pendingCountLabel(1)).toBe('1 pendente');
    expect(pendingCountLabel(6)).toBe('6 pendentes');
  });
});

describe('OFFLINE_KIND_LABELS', () => {
  it('names each of the seven entry kinds of the engineer screens', () => {
    expect(Object.values(OFFLINE_KIND_LABELS)).toEqual([
      'Viagem de ida',
      'Dia de serviço',
      'Viagem de volta',
      'Descrição',
      'Despesa',
      'Assinatura',
      'Checklist',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { orderRowActions, type RowAction } from './row-actions';

const action = (kind: RowAction['kind'], label: string): RowAction => ({ kind, label });

describe('orderRowActions', () => {
  it('puts the actions in the one order: view, edit, PDF, send, other, delete last', () => {
    const given = [
      action('delete', 'Excluir OS 00042'),
      action('send', 'Enviar por e-mail a OS 00042'),
      action('edit', 'Editar OS 00042'),
      action('other', 'Duplicar'),
      action('pdf', 'Gerar PDF da OS 00042'),
      action('view', 'Visualizar PDF da OS 00042'),
    ];
    expect(orderRowActions(given).map((a) => a.label)).toEqual([
      'Visualizar PDF da OS 00042',
      'Editar OS 00042',
      'Gerar PDF da OS 00042',
      'Enviar por e-mail a OS 00042',
      'Duplicar',
      'Excluir OS 00042',
    ]);
  });

  it('leaves out what a row does not offer and keeps two of a kind as given', () => {
    const given: (RowAction | false | null | undefined)[] = [
      false,
      action('pdf', 'Baixar PDF'),
      null,
      action('pdf', 'Gerar PDF'),
      undefined,
      action('view', 'Ver'),
    ];
    expect(orderRowActions(given).map((a) => a.label)).toEqual(['Ver', 'Baixar PDF', 'Gerar PDF']);
  });
});

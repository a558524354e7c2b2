import { describe, expect, it } from 'vitest';
import { firstError } from './use-schema-form';

describe('firstError', () => {
  it("says a field's message, and the first of a list's rows (the checklist template's items)", () => {
    expect(firstError({ nome: { type: 'custom', message: 'Nome: informe o nome do modelo.' } })).toBe(
      'Nome: informe o nome do modelo.',
    );
    const rows = {
      itens: [undefined, { texto: { type: 'custom', message: 'Item 2: informe o texto do item.', ref: { name: 'x' } } }],
    };
    expect(firstError(rows as never)).toBe('Item 2: informe o texto do item.');
    expect(firstError({})).toBeUndefined();
  });
});

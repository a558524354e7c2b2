import { describe, expect, it } from 'vitest';
import { pixCancelFormSchema, pixDueFormSchema, pixPaidFormSchema } from './forms';
import { isValidCpf, normalizePixKey, PIX_MSG } from './pix';
import { itemTotalCentavos, parseQuantity, parseReais, QUOTE_MSG, quoteFormSchema, quoteFormTotals } from './quotes';

const form = {
  clienteId: '3',
  equipamentoId: '',
  validade: '2099-01-31',
  desconto: '1,00',
  condicoes: '',
  observacao: '',
  itens: [{ tipo: 'servico' as const, materialId: '', descricao: 'Visita', quantidade: '1,5', valorUnitario: '1.234,56' }],
};

describe('the quote form (docs/rules.md#quotes)', () => {
  it('turns typed text into the payload, and says the API’s message for a bad price', () => {
    expect(quoteFormSchema.parse(form)).toMatchObject({
      clienteId: 3,
      equipamentoId: null,
      desconto: 1,
      itens: [{ quantidade: 1.5, valorUnitario: 1234.56, materialId: null }],
    });
    const bad = quoteFormSchema.safeParse({ ...form, itens: [{ ...form.itens[0]!, valorUnitario: '12,345' }] });
    expect(bad.error?.issues[0]?.message).toBe(QUOTE_MSG.itemPrice);
    expect(quoteFormSchema.safeParse({ ...form, clienteId: '' }).error?.issues[0]?.message).toBe(QUOTE_MSG.clientRequired);
  });

  it('keeps a material item’s register id and refuses a service item carrying one', () => {
    const material = { tipo: 'material' as const, materialId: '12', descricao: 'Polia', quantidade: '2', valorUnitario: '25,5' };
    expect(quoteFormSchema.parse({ ...form, itens: [material] }).itens[0]).toMatchObject({ materialId: 12, valorUnitario: 25.5 });
    const unpicked = quoteFormSchema.safeParse({ ...form, itens: [{ ...material, materialId: '' }] });
    expect(unpicked.error?.issues[0]?.message).toBe(QUOTE_MSG.itemMaterial);
    // The form sends no material for a service even when one was picked before the type changed.
    expect(quoteFormSchema.parse({ ...form, itens: [{ ...material, tipo: 'servico' }] }).itens[0]?.materialId).toBeNull();
  });

  it('shows the running totals with the server’s rounding', () => {
    // 1,5 × 1.234,56 = 1.851,84; minus 1,00.
    expect(quoteFormTotals(form)).toEqual({ subtotal: 185184, total: 185084 });
    expect(itemTotalCentavos(1500, 1001)).toBe(1502);
    expect([parseQuantity('2'), parseQuantity('0,125'), parseQuantity('x')]).toEqual([2, 0.125, Number.NaN]);
    expect([parseReais('R$ 10'), parseReais('10.5'), parseReais('1,234')]).toEqual([10, 10.5, Number.NaN]);
  });
});

describe('PIX keys (docs/rules.md#pix)', () => {
  it('accepts the five kinds, kept as the BR Code carries them, and nothing else', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(normalizePixKey('529.982.247-25')).toEqual({ chave: '52998224725', tipo: 'cpf' });
    expect(normalizePixKey('+55 11 91234-5678')).toEqual({ chave: '+5511912345678', tipo: 'telefone' });
    expect(normalizePixKey('A@B.COM')).toEqual({ chave: 'a@b.com', tipo: 'email' });
    expect(normalizePixKey('11222333000181')).toEqual({ chave: '11222333000181', tipo: 'cnpj' });
    expect(normalizePixKey('+55 11 1234')).toBeNull();
    expect(normalizePixKey('not a key')).toBeNull();
  });
});

describe("the charge modal's forms (docs/screens.md#fechamento)", () => {
  const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

  it('reads a real date for the due day and the payment, and a reason to cancel', () => {
    expect(pixDueFormSchema.parse({ vencimento: '2026-12-10' })).toEqual({ vencimento: '2026-12-10' });
    expect(first(pixDueFormSchema.safeParse({ vencimento: '2026-02-31' }))).toBe(PIX_MSG.dueRequired);
    expect(first(pixDueFormSchema.safeParse({ vencimento: '' }))).toBe(PIX_MSG.dueRequired);
    expect(first(pixPaidFormSchema.safeParse({ data: '10/12/2026' }))).toBe(PIX_MSG.dateRequired);
    expect(pixCancelFormSchema.parse({ motivo: '  Pago em dinheiro ' })).toEqual({ motivo: 'Pago em dinheiro' });
    expect(first(pixCancelFormSchema.safeParse({ motivo: ' ' }))).toBe(PIX_MSG.reasonRequired);
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatQuantity,
  lineTotalCentavos,
  MAT_MSG,
  materialInputSchema,
  orderMaterialFormSchema,
  orderMaterialInputSchema,
  quantityToMil,
  searchMaterials,
} from './materials';
import { offlineLabel, offlineOrderOf } from './offline';

describe('materials (docs/rules.md#materials-and-stock)', () => {
  it('keeps quantities in thousandths and refuses a fraction of a unit counted whole', () => {
    expect(quantityToMil(2.5, 'm')).toEqual({ mil: 2500 });
    expect(quantityToMil(0.001, 'kg')).toEqual({ mil: 1 });
    expect(quantityToMil(3, 'un')).toEqual({ mil: 3000 });
    expect(quantityToMil(1.5, 'cx')).toEqual({ error: MAT_MSG.quantityWhole('cx') });
  });

  it('reads quantities as people type them and says what is wrong in Portuguese', () => {
    const parse = (quantidade: unknown) => orderMaterialInputSchema.safeParse({ materialId: '7', quantidade });
    expect(parse('2,5').data).toMatchObject({ materialId: 7, quantidade: 2.5, obs: '' });
    expect(parse('1.234,5').data?.quantidade).toBe(1234.5);
    expect(parse('0').error?.issues[0]?.message).toBe(MAT_MSG.quantityRequired);
    expect(parse('-1').error?.issues[0]?.message).toBe(MAT_MSG.quantityRequired);
    expect(parse('1,0005').error?.issues[0]?.message).toBe(MAT_MSG.quantityDecimals);
    expect(parse('').error?.issues[0]?.message).toBe(MAT_MSG.quantityRequired);
  });

  it('takes the sale price in reais and keeps it in reais with 2 decimals', () => {
    const parse = (precoVenda: unknown) =>
      materialInputSchema.safeParse({ codigo: 'A', descricao: 'B', unidade: 'un', precoVenda });
    expect(parse('1.234,56').data?.precoVenda).toBe(1234.56);
    expect(parse(12.5).data?.precoVenda).toBe(12.5);
    expect(parse('-1').error?.issues[0]?.message).toBe(MAT_MSG.precoInvalid);
  });

  it('rounds a line total half up to the centavo and formats quantities the Brazilian way', () => {
    expect(lineTotalCentavos(2500, 333)).toBe(833);
    expect(lineTotalCentavos(3000, 4890)).toBe(14670);
    expect(formatQuantity(2.5)).toBe('2,5');
    expect(formatQuantity(-3)).toBe('-3');
  });

  it('searches the register on the phone without regard to case and accents', () => {
    const rows = [
      { codigo: 'FUS-10', descricao: 'Fusível NH 10 A' },
      { codigo: 'CAP-45', descricao: 'Capacitor' },
    ];
    expect(searchMaterials(rows, 'FUSIVEL').map((r) => r.codigo)).toEqual(['FUS-10']);
    expect(searchMaterials(rows, 'cap').map((r) => r.codigo)).toEqual(['CAP-45']);
    expect(searchMaterials(rows, '  ')).toEqual([]);
  });

  it('names the order of an offline line by its path', () => {
    expect(offlineOrderOf('/api/os/42/materiais', {})).toBe(42);
    expect(offlineLabel('/api/os/42/materiais')).toBe('Material');
    expect(offlineOrderOf('/api/descricao/', { osnumber: '9' })).toBe(9);
    expect(offlineLabel('/api/descricao/')).toBe('Descrição');
  });
});

describe("an order line's form with its material's unit (orderMaterialFormSchema)", () => {
  it('refuses a fraction of a material counted whole, under the quantity; takes it by the metre', () => {
    const line = { materialId: '7', quantidade: '2,5', obs: '' };
    const whole = orderMaterialFormSchema('un').safeParse(line);
    expect(whole.success).toBe(false);
    expect(whole.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['quantidade', MAT_MSG.quantityWhole('un')]]);
    expect(orderMaterialFormSchema('m').parse(line)).toEqual({ materialId: 7, quantidade: 2.5, obs: '' });
  });
});

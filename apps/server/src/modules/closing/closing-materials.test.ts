import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMaterialRow, expectLedgerBalanced } from '../../../test/factories/materials';
import { createOrderFixture } from '../../../test/factories/orders';
import { admin, ctx, tec, useFileApp } from '../../../test/file-app';
import { pdfText } from '../../../test/pdf-reader';
import { send } from '../../../test/requests';
import { closings } from '../../db/schema';
import { createLocalStorage } from '../../platform/storage';

useFileApp();

describe('closing: the materials of its orders (docs/rules.md#materials-and-stock)', () => {
  it('adds quantidade × preço, not multiplied by the percentual, and prints each line so a clerk can check it', async () => {
    const storage = createLocalStorage(ctx.dataDir);
    const { order } = await createOrderFixture(ctx.db, storage, { technicianId: tec.id, photos: false, expenses: [] });
    const without = (await send(admin, 'POST', '/api/fechamentos/preview', { osIds: [order.id] })).json();
    const cap = await createMaterialRow(ctx.db, { codigo: 'CAP-45', descricao: 'Capacitor 45 uF', precoVendaCentavos: 1250 });
    const cable = await createMaterialRow(ctx.db, {
      codigo: 'CAB-2,5',
      descricao: 'Cabo flexível 2,5 mm²',
      unidade: 'm',
      precoVendaCentavos: 333,
    });
    await send(tec.cookie, 'POST', `/api/os/${order.id}/materiais`, { materialId: cap.id, quantidade: 3 });
    await send(tec.cookie, 'POST', `/api/os/${order.id}/materiais`, { materialId: cable.id, quantidade: '2,5' });
    // 3 × 12,50 = 37,50; 2,5 × 3,33 = 8,325 -> 8,33 (half up). Materials 45,83, the client's 1,35 not applied.
    const preview = (await send(admin, 'POST', '/api/fechamentos/preview', { osIds: [order.id] })).json();
    expect(preview.orders[0].materiais).toEqual([
      { codigo: 'CAP-45', descricao: 'Capacitor 45 uF', unidade: 'un', quantidade: 3, precoCentavos: 1250, totalCentavos: 3750 },
      {
        codigo: 'CAB-2,5',
        descricao: 'Cabo flexível 2,5 mm²',
        unidade: 'm',
        quantidade: 2.5,
        precoCentavos: 333,
        totalCentavos: 833,
      },
    ]);
    expect(preview.materiaisCentavos).toBe(4583);
    expect(preview.totalCentavos).toBe(without.totalCentavos + 4583);

    const closing = await send(admin, 'POST', '/api/fechamentos', { osIds: [order.id] });
    expect(closing.json().totalCentavos).toBe(without.totalCentavos + 4583);
    const pdf = await send(admin, 'GET', `/api/fechamentos/${closing.json().numero}/pdf`);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'CAP-45 Capacitor 45 uF',
      '3 un',
      'R$ 12,50',
      'R$ 37,50',
      '2,5 m',
      'R$ 3,33',
      'R$ 8,33',
      'R$ 45,83',
    ]) {
      expect(text, expected).toContain(expected);
    }
    const total = (without.totalCentavos + 4583) / 100;
    expect(text).toContain(`R$ ${total.toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`);
    // Fechado: the lines are frozen.
    const [line] = (await send(admin, 'GET', `/api/os/${order.id}/materiais`)).json();
    expect((await send(admin, 'DELETE', `/api/os/${order.id}/materiais/${line.id}`)).statusCode).toBe(409);
    expect(await ctx.db.select().from(closings).where(eq(closings.numero, closing.json().numero))).toHaveLength(1);
    await expectLedgerBalanced(ctx.db);
  });
});

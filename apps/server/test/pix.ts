import { eq } from 'drizzle-orm';
import { closings } from '../src/db/schema';
import { createLocalStorage } from '../src/platform/storage';
import { createOrderFixture } from './factories/orders';
import type { TestContext } from './helper';

/** One Concluído order of the hours-and-closing example (total R$ 3.173,85), closed by the admin. */
export async function closedOrder(t: TestContext, admin: string, clientId?: number) {
  const storage = createLocalStorage(t.dataDir);
  const { order, clientId: client } = await createOrderFixture(t.db, storage, { photos: false, signature: false, clientId });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/fechamentos',
    headers: { cookie: admin },
    payload: { osIds: [order.id] },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const numero = res.json().numero as number;
  const [row] = await t.db.select().from(closings).where(eq(closings.numero, numero));
  return { numero, clientId: client, closing: row!, orderId: order.id };
}

export const PIX_SETTINGS = { chave: 'financeiro@tecnica.com.br', nome: 'Técnica Assistência Ltda', cidade: 'São Paulo' };

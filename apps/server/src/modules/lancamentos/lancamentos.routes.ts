import type { Lancamento, SessionUser } from '@os/shared';
import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { Db } from '../../db/client';
import { clients, orders, users } from '../../db/schema';
import { currentUser } from '../../platform/access';

/**
 * The engineer's open orders (spec §2.16, §6; DECISIONS.md §2: matched by the technician's user
 * id, not by name): every order not Concluído assigned to the user; admins see all of them.
 */
export async function listLancamentos(db: Db, user: SessionUser): Promise<Lancamento[]> {
  const open: SQL = ne(orders.status, 'Concluído');
  const rows = await db
    .select({
      id: orders.id,
      numero: orders.numero,
      cliente: clients.razao,
      status: orders.status,
      data: orders.data,
      endDate: orders.endDate,
      nr_peca: orders.nrPeca,
      nr_serie: orders.nrSerie,
      engenheiro: users.username,
      engenheiroNome: users.nomeCompleto,
      motivo: orders.motivo,
      responsavel: orders.responsavel,
      equipamento: orders.equipamento,
      cidade: orders.cidade,
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(users, eq(users.id, orders.technicianId))
    .where(user.role === 'admin' ? open : and(open, eq(orders.technicianId, user.id)))
    .orderBy(desc(orders.numero))
    .limit(500);
  return rows;
}

export const lancamentosRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/api/lancamentos', { config: { access: 'signedIn' } }, (request) =>
    listLancamentos(database.db, currentUser(request)),
  );
};

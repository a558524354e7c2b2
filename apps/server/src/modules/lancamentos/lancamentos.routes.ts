import type { SessionUser } from '@os/shared';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database, Db } from '../../db/client';
import { jsonList, namedColumns, renderOnce } from '../../db/json-list';
import { clients, orders, users } from '../../db/schema';
import { currentUser } from '../../platform/access';

/** The card fields of an order (spec §2.16), named as the answer names them. */
const lancamentoSelect = renderOnce(sql`select ${namedColumns({
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
})} from ${orders}
  inner join ${clients} on ${eq(clients.id, orders.clientId)}
  left join ${users} on ${eq(users.id, orders.technicianId)}`);

/**
 * The engineer's open orders (spec §2.16, §6; DECISIONS.md §2: matched by the technician's user
 * id, not by name): every order not Concluído assigned to the user; admins see all of them. The
 * newest 500, as the JSON text of a Lancamento[] (db/json-list.ts).
 */
export async function lancamentosJson(db: Db, user: SessionUser): Promise<string> {
  const open: SQL = ne(orders.status, 'Concluído');
  const where = user.role === 'admin' ? open : and(open, eq(orders.technicianId, user.id));
  const rows = sql`${lancamentoSelect} where ${where} order by ${orders.numero} desc limit 500`;
  return (await jsonList(db, rows, sql`list.numero desc`)).json;
}

export const lancamentosRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/api/lancamentos', { config: { access: 'signedIn' } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await lancamentosJson(database.db, currentUser(request))),
  );
};

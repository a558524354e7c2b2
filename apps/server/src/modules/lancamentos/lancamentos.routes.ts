import type { SessionUser } from '@os/shared';
import { and, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database, Db } from '../../db/client';
import { jsonList, namedColumns, renderOnce } from '../../db/json-list';
import { clients, orders, users } from '../../db/schema';
import { currentUser } from '../../platform/access';
import { agendaText } from '../agenda/agenda-plan';

/** The client's address on one line, as addressLine (shared) writes it: the card's map link. */
const clientAddress = sql<string>`concat_ws(', ',
  nullif(trim(${clients.endereco}), ''),
  nullif(trim(${clients.bairro}), ''),
  nullif(concat_ws(' - ', nullif(trim(${clients.cidade}), ''), nullif(trim(${clients.estado}), '')), ''),
  case when length(${clients.cep}) = 8 then substr(${clients.cep}, 1, 5) || '-' || substr(${clients.cep}, 6) else nullif(${clients.cep}, '') end)`;

/** The card fields of an order (docs/screens.md#service-orders), named as the answer names them. */
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
  equipamentoId: orders.equipmentId,
  cidade: orders.cidade,
  agendaInicio: agendaText(orders.agendaInicio),
  agendaFim: agendaText(orders.agendaFim),
  endereco: clientAddress,
})} from ${orders}
  inner join ${clients} on ${eq(clients.id, orders.clientId)}
  left join ${users} on ${eq(users.id, orders.technicianId)}`);

/**
 * The engineer's open orders (docs/screens.md#service-orders, docs/rules.md#roles; docs/rules.md#fixed-defects: matched by the technician's user
 * id, not by name): every order neither Concluído nor Fechado assigned to the user; admins see all of them. The
 * newest 500, as the JSON text of a Lancamento[] (db/json-list.ts).
 */
export async function lancamentosJson(db: Db, user: SessionUser): Promise<string> {
  // A Fechado order left the list as Concluído and does not come back (docs/rules.md#daily-use).
  const open: SQL = notInArray(orders.status, ['Concluído', 'Fechado']);
  const where = user.role === 'admin' ? open : and(open, eq(orders.technicianId, user.id));
  const rows = sql`${lancamentoSelect} where ${where} order by ${orders.numero} desc limit 500`;
  return (await jsonList(db, rows, sql`list.numero desc`)).json;
}

export const lancamentosRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/api/lancamentos', { config: { access: 'signedIn' } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await lancamentosJson(database.db, currentUser(request))),
  );
};

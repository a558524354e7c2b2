/** The clients' ratings of the visits on the dashboard (docs/rules.md#portal, docs/api.md#portal). */
import { BUSINESS_TIME_ZONE, type DashboardQuery, type RatingsSummary } from '@os/shared';
import { and, avg, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, orderRatings, orders, users } from '../../db/schema';
import { dashboardPeriod } from './dashboard.service';

/** GET /api/dashboard/avaliacoes: the average and count per technician, and the latest comments. */
export async function ratingsSummary(db: Db, query: DashboardQuery = {}): Promise<RatingsSummary> {
  // The dashboard's period (its default: the last 12 months), by the day the client rated, in Brazil.
  const periodo = dashboardPeriod(query);
  const ratedDay = sql`(${orderRatings.createdAt} at time zone ${BUSINESS_TIME_ZONE})::date`;
  const inPeriod = sql`${ratedDay} between ${periodo.dataInicio}::date and ${periodo.dataFim}::date`;
  const perTechnician = await db
    .select({
      tecnicoId: orderRatings.technicianId,
      tecnico: sql<string>`coalesce(nullif(${users.nomeCompleto}, ''), ${users.username}, 'Sem técnico')`,
      media: avg(orderRatings.nota),
      quantidade: count(),
    })
    .from(orderRatings)
    .leftJoin(users, eq(users.id, orderRatings.technicianId))
    .where(inPeriod)
    .groupBy(orderRatings.technicianId, users.nomeCompleto, users.username)
    .orderBy(desc(avg(orderRatings.nota)), desc(count()));
  const latest = await db
    .select({
      numero: orders.numero,
      tecnico: sql<string>`coalesce(nullif(${users.nomeCompleto}, ''), ${users.username}, 'Sem técnico')`,
      cliente: clients.razao,
      contato: orderRatings.contatoNome,
      nota: orderRatings.nota,
      comentario: orderRatings.comentario,
      em: orderRatings.createdAt,
    })
    .from(orderRatings)
    .innerJoin(orders, eq(orders.id, orderRatings.orderId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(users, eq(users.id, orderRatings.technicianId))
    .where(and(ne(orderRatings.comentario, ''), inPeriod))
    .orderBy(desc(orderRatings.createdAt), desc(orderRatings.id))
    .limit(10);
  return {
    tecnicos: perTechnician.map((r) => ({
      tecnicoId: r.tecnicoId,
      tecnico: r.tecnico,
      media: Math.round(Number(r.media ?? 0) * 10) / 10,
      quantidade: Number(r.quantidade),
    })),
    comentarios: latest.map((r) => ({ ...r, em: r.em.toISOString() })),
  };
}

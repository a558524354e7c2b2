import {
  addDays,
  BUSINESS_TIME_ZONE,
  businessToday,
  DASHBOARD_MSG,
  type DashboardData,
  type DashboardQuery,
  type GridQuery,
  ORDER_STATUSES,
  type OrderStatus,
  weekOf,
} from '@os/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonList, limitClause } from '../../db/json-list';
import { badRequest } from '../../platform/errors';

/** Business dates are the company's (Brazil), whatever the server's time zone. */
const TZ = BUSINESS_TIME_ZONE;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The period asked for, or the last 12 months (this month included) up to today. */
export function dashboardPeriod(query: DashboardQuery, now = new Date()): { dataInicio: string; dataFim: string } {
  const dataFim = query.dataFim ?? businessToday(now);
  let dataInicio = query.dataInicio;
  if (!dataInicio) {
    const [y, m] = dataFim.split('-').map(Number) as [number, number];
    const start = new Date(Date.UTC(y, m - 1 - 11, 1));
    dataInicio = start.toISOString().slice(0, 10);
  }
  if (dataInicio > dataFim) throw badRequest(DASHBOARD_MSG.periodInvalid, 'dataInicio');
  const years = (Date.parse(dataFim) - Date.parse(dataInicio)) / (365.25 * 24 * 3600 * 1000);
  if (years > 5) throw badRequest(DASHBOARD_MSG.periodTooLong, 'dataInicio');
  return { dataInicio, dataFim };
}

/**
 * When an order was concluded: its end date; else the day of its last return trip; else the day of
 * its last change. Only Concluído and Fechado orders (a Fechado order was concluded before closing).
 */
const concludedOrders = sql`
  select o.data,
         coalesce(o.end_date,
                  (select max(r.datavolta) from return_trips r where r.order_id = o.id),
                  (o.updated_at at time zone ${TZ})::date) as fim
    from orders o
   where o.status in ('Concluído', 'Fechado')`;

/** Per month of the period: orders opened, orders concluded and expenses (centavos). */
function perMonth(db: Db, inicio: SQL, fim: SQL) {
  return rows<{ mes: string; abertas: number; concluidas: number; despesas_centavos: number }>(
    db,
    sql`
    with meses as (
      select generate_series(date_trunc('month', ${inicio}), date_trunc('month', ${fim}), interval '1 month')::date as m
    ), ab as (
      select date_trunc('month', data)::date as m, count(*) as n from orders
       where data between ${inicio} and ${fim} group by 1
    ), co as (
      select date_trunc('month', fim)::date as m, count(*) as n from (${concludedOrders}) c
       where fim between ${inicio} and ${fim} group by 1
    ), de as (
      select date_trunc('month', data)::date as m, sum(valor_centavos) as n from expenses
       where data between ${inicio} and ${fim} group by 1
    )
    select to_char(meses.m, 'YYYY-MM') as mes,
           coalesce(ab.n, 0)::int as abertas,
           coalesce(co.n, 0)::int as concluidas,
           coalesce(de.n, 0)::float8 as despesas_centavos
      from meses
      left join ab on ab.m = meses.m
      left join co on co.m = meses.m
      left join de on de.m = meses.m
     order by meses.m`,
  );
}

/** Per technician: minutes of service and of travel, and kilometres, in the period. */
function perTechnician(db: Db, inicio: SQL, fim: SQL) {
  return rows<{
    tecnico_id: number;
    tecnico: string;
    minutos_servico: number;
    minutos_viagem: number;
    km: number;
  }>(
    db,
    sql`
    select u.id as tecnico_id,
           coalesce(nullif(u.nome_completo, ''), u.username) as tecnico,
           sum(x.servico)::int as minutos_servico,
           sum(x.viagem)::int as minutos_viagem,
           sum(x.km)::float8 as km
      from (
        select o.technician_id as t, s.duracao_min as servico, 0 as viagem, 0::numeric as km
          from service_entries s join orders o on o.id = s.order_id
         where s.dataservico between ${inicio} and ${fim}
        union all
        select o.technician_id, 0, i.duracao_min, i.kmida
          from outbound_trips i join orders o on o.id = i.order_id
         where i.dataida between ${inicio} and ${fim}
        union all
        select o.technician_id, 0, v.duracao_min, v.kmvolta
          from return_trips v join orders o on o.id = v.order_id
         where v.datavolta between ${inicio} and ${fim}
      ) x
      join users u on u.id = x.t
     group by u.id, tecnico
     order by tecnico`,
  );
}

/** This week's plan (Monday to Sunday, company clock) per technician: window minutes clipped to the week. */
async function weekLoad(db: Db) {
  const semana = weekOf(businessToday());
  const weekEnd = addDays(semana.fim, 1);
  const carga = await rows<{ tecnico_id: number; tecnico: string; minutos: number; ordens: number }>(
    db,
    sql`select u.id as tecnico_id, coalesce(nullif(u.nome_completo, ''), u.username) as tecnico,
           round(sum(extract(epoch from (least(o.agenda_fim, ${weekEnd}::timestamp)
             - greatest(o.agenda_inicio, ${semana.inicio}::timestamp))) / 60))::int as minutos,
           count(*)::int as ordens
      from orders o join users u on u.id = o.technician_id
     where o.agenda_inicio < ${weekEnd}::timestamp and o.agenda_fim > ${semana.inicio}::timestamp
     group by u.id, tecnico
     order by minutos desc, tecnico`,
  );
  return { semana, carga };
}

/** Every figure of the dashboard, each computed by one SQL query (no rows loaded into Node). */
export async function dashboardData(db: Db, query: DashboardQuery): Promise<DashboardData> {
  const periodo = dashboardPeriod(query);
  const inicio = sql`${periodo.dataInicio}::date`;
  const fim = sql`${periodo.dataFim}::date`;

  // One query after the other: each is an index-backed aggregate of a few milliseconds, and a
  // request then holds one connection (PGlite has only one; a pool stays free for other requests).
  const status = await rows<{ status: OrderStatus; total: number }>(
    db,
    sql`select status, count(*)::int as total from orders where data between ${inicio} and ${fim} group by status`,
  );
  const abertas = await rows<{ status: OrderStatus; total: number }>(
    db,
    sql`select status, count(*)::int as total from orders where status in ('Aberto', 'Andamento') group by status`,
  );
  const meses = await perMonth(db, inicio, fim);
  const tecnicos = await perTechnician(db, inicio, fim);
  const tipos = await rows<{ tipo: string; total_centavos: number }>(
    db,
    sql`select t.despesa as tipo, sum(e.valor_centavos)::float8 as total_centavos
          from expenses e join expense_types t on t.id = e.expense_type_id
         where e.data between ${inicio} and ${fim}
         group by t.despesa
         order by total_centavos desc, tipo`,
  );
  const media = await rows<{ concluidas: number; media: number | null }>(
    db,
    sql`select count(*)::int as concluidas, avg(fim - data)::float8 as media
          from (${concludedOrders}) c
         where fim between ${inicio} and ${fim}`,
  );

  const { semana, carga } = await weekLoad(db);

  const count = (list: { status: OrderStatus; total: number }[], s: OrderStatus) => list.find((r) => r.status === s)?.total ?? 0;
  const reais = (centavos: number) => Math.round(centavos) / 100;
  return {
    periodo,
    porStatus: ORDER_STATUSES.map((s) => ({ status: s, total: count(status, s) })),
    abertasAgora: (['Aberto', 'Andamento'] as const).map((s) => ({ status: s, total: count(abertas, s) })),
    porMes: meses.map((m) => ({
      mes: m.mes,
      abertas: m.abertas,
      concluidas: m.concluidas,
      despesas: reais(m.despesas_centavos),
    })),
    porTecnico: tecnicos.map((t) => ({
      tecnicoId: t.tecnico_id,
      tecnico: t.tecnico,
      minutosServico: t.minutos_servico,
      minutosViagem: t.minutos_viagem,
      km: Math.round(t.km * 10) / 10,
    })),
    porTipoDespesa: tipos.map((t) => ({ tipo: t.tipo, total: reais(t.total_centavos) })),
    concluidas: media[0]?.concluidas ?? 0,
    mediaDiasConclusao: media[0]?.media == null ? null : Math.round(media[0].media * 10) / 10,
    cargaSemana: {
      semana,
      tecnicos: carga.map((c) => ({ tecnicoId: c.tecnico_id, tecnico: c.tecnico, minutos: c.minutos, ordens: c.ordens })),
    },
  };
}

/**
 * One page of the open orders (Aberto, Andamento) with technician and days open, oldest first, and
 * how many there are in all (from order_status_counts, kept by a trigger: no scan): the JSON text
 * of an OpenOrderRow[] written by the database (db/json-list.ts).
 */
export async function openOrdersJson(db: Db, { limit, offset }: GridQuery): Promise<{ json: string; total: number }> {
  const page = sql`select o.id, o.numero, o.data, c.razao as cliente, o.cidade,
                          coalesce(nullif(u.nome_completo, ''), u.username, '') as tecnico, o.status,
                          ((now() at time zone ${TZ})::date - o.data)::int as "diasAberto"
                     from orders o
                     join clients c on c.id = o.client_id
                     left join users u on u.id = o.technician_id
                    where o.status in ('Aberto', 'Andamento')
                    order by o.data, o.numero
                    ${limitClause(limit)} ${offset ? sql`offset ${offset}` : sql``}`;
  const total = sql`(select coalesce(sum(count), 0)::int from order_status_counts where status in ('Aberto', 'Andamento'))`;
  return jsonList<{ total: number }>(db, page, sql`list.data, list.numero`, { total });
}

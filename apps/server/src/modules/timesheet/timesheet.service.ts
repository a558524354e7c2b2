import {
  FIELD_MSG,
  formatMinutes,
  hoursToMinutes,
  minutesToHours,
  parseClock,
  type Servico,
  type SessionUser,
  type servicoSchema,
  type servicoUpdateSchema,
  timesheetDuration,
  type ViagemIda,
  type ViagemVolta,
  type viagemIdaSchema,
  type viagemIdaUpdateSchema,
  type viagemVoltaSchema,
  type viagemVoltaUpdateSchema,
} from '@os/shared';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { outboundTrips, returnTrips, serviceEntries } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { once } from '../../platform/idempotency';
import { auditedCreate, auditedUpdate } from '../audit/audit.service';
import { type OrderRow, orderForRead, orderForRecordWrite } from '../orders/order-access';
import { type ConclusionListener, completeIfSignedAndReturned, setOrderStatus } from '../orders/order-lifecycle';

type OutboundRow = typeof outboundTrips.$inferSelect;
type ServiceRow = typeof serviceEntries.$inferSelect;
type ReturnRow = typeof returnTrips.$inferSelect;

/** Postgres time 'HH:MM:SS' -> the API's 'HH:mm'. */
const hhmm = (time: string) => time.slice(0, 5);

export const toViagemIda = (row: OutboundRow): ViagemIda => ({
  id: row.id,
  dataida: row.dataida,
  saidaida: hhmm(row.saidaida),
  chegadaida: hhmm(row.chegadaida),
  duracaoida: formatMinutes(row.duracaoMin),
  kmida: Number(row.kmida),
  obsida: row.obsida,
  numeroos: row.orderId,
});

export const toServico = (row: ServiceRow): Servico => ({
  id: row.id,
  dataservico: row.dataservico,
  feriado: row.feriado ? 'sim' : 'nao',
  entradaservico: hhmm(row.entradaservico),
  saidaservico: hhmm(row.saidaservico),
  intervalo: minutesToHours(row.intervaloMin),
  duracaoservico: minutesToHours(row.duracaoMin),
  numeroos: row.orderId,
});

export const toViagemVolta = (row: ReturnRow): ViagemVolta => ({
  id: row.id,
  datavolta: row.datavolta,
  saidavolta: hhmm(row.saidavolta),
  chegadavolta: hhmm(row.chegadavolta),
  duracaovolta: formatMinutes(row.duracaoMin),
  tempoEspera: formatMinutes(row.tempoEsperaMin),
  kmvolta: Number(row.kmvolta),
  obsvolta: row.obsvolta,
  numeroos: row.orderId,
});

/** docs/rules.md#states: while the order is Andamento the outbound trip may not be written (409, docs/rules.md#api-conventions). */
function assertOutboundOpen(order: OrderRow) {
  if (order.status === 'Andamento') throw conflict(FIELD_MSG.idaLocked);
}

function outboundValues(input: z.output<typeof viagemIdaUpdateSchema>) {
  // The browser's duracaoida is ignored: recomputed here (docs/rules.md#hours-and-closing).
  const duracaoMin = timesheetDuration({ kind: 'ida', saida: input.saidaida, chegada: input.chegadaida });
  if (duracaoMin === null) throw badRequest(FIELD_MSG.idaNegative, 'chegadaida');
  return {
    dataida: input.dataida,
    saidaida: hhmm(input.saidaida),
    chegadaida: hhmm(input.chegadaida),
    duracaoMin,
    kmida: String(input.kmida),
    obsida: input.obsida,
  };
}

function serviceValues(input: z.output<typeof servicoUpdateSchema>) {
  const intervaloMin = hoursToMinutes(input.intervalo);
  const duracaoMin = timesheetDuration({
    kind: 'servico',
    entrada: input.entradaservico,
    saida: input.saidaservico,
    intervaloMin,
  });
  // docs/rules.md#validation: the service day needs a non-empty (non-negative) duration
  if (duracaoMin === null) throw badRequest(FIELD_MSG.servicoRequired, 'duracaoservico');
  return {
    dataservico: input.dataservico,
    feriado: input.feriado,
    entradaservico: hhmm(input.entradaservico),
    saidaservico: hhmm(input.saidaservico),
    intervaloMin,
    duracaoMin,
  };
}

function returnValues(input: z.output<typeof viagemVoltaUpdateSchema>) {
  const tempoEsperaMin = parseClock(input.tempoEspera) ?? 0;
  const duracaoMin = timesheetDuration({
    kind: 'volta',
    saida: input.saidavolta,
    chegada: input.chegadavolta,
    esperaMin: tempoEsperaMin,
  })!;
  return {
    datavolta: input.datavolta,
    saidavolta: hhmm(input.saidavolta),
    chegadavolta: hhmm(input.chegadavolta),
    tempoEsperaMin,
    duracaoMin,
    kmvolta: String(input.kmvolta),
    obsvolta: input.obsvolta,
  };
}

export async function createViagemIda(db: Db, user: SessionUser, input: z.output<typeof viagemIdaSchema>, key?: string) {
  return once({
    key,
    userId: user.id,
    find: async (k) => (await db.select().from(outboundTrips).where(eq(outboundTrips.idempotencyKey, k)).limit(1))[0],
    present: toViagemIda,
    create: async () => {
      const order = await orderForRecordWrite(db, user, input.numeroos);
      assertOutboundOpen(order);
      const values = outboundValues(input);
      return auditedCreate(
        db,
        { entity: 'viagemida', user, orderId: order.id },
        async (tx) => {
          const [row] = await tx
            .insert(outboundTrips)
            .values({ ...values, orderId: order.id, createdBy: user.id, idempotencyKey: key ?? null })
            .returning();
          return toViagemIda(row!);
        },
        undefined,
        // docs/rules.md#order-life-cycle: the outbound trip of an Aberto order moves it to Andamento.
        async (tx) => {
          if (order.status === 'Aberto') await setOrderStatus(tx, user, order, 'Andamento');
        },
      );
    },
  });
}

export async function createServico(db: Db, user: SessionUser, input: z.output<typeof servicoSchema>, key?: string) {
  return once({
    key,
    userId: user.id,
    find: async (k) => (await db.select().from(serviceEntries).where(eq(serviceEntries.idempotencyKey, k)).limit(1))[0],
    present: toServico,
    create: async () => {
      const order = await orderForRecordWrite(db, user, input.numeroos);
      const values = serviceValues(input);
      return auditedCreate(db, { entity: 'servico', user, orderId: order.id }, async (tx) => {
        const [row] = await tx
          .insert(serviceEntries)
          .values({ ...values, orderId: order.id, createdBy: user.id, idempotencyKey: key ?? null })
          .returning();
        return toServico(row!);
      });
    },
  });
}

export async function createViagemVolta(
  db: Db,
  user: SessionUser,
  input: z.output<typeof viagemVoltaSchema>,
  key?: string,
  onConcluded?: ConclusionListener,
) {
  return once({
    key,
    userId: user.id,
    find: async (k) => (await db.select().from(returnTrips).where(eq(returnTrips.idempotencyKey, k)).limit(1))[0],
    present: toViagemVolta,
    create: async () => {
      const order = await orderForRecordWrite(db, user, input.numeroos);
      const values = returnValues(input);
      let concluded = false;
      const created = await auditedCreate(
        db,
        { entity: 'viagemvolta', user, orderId: order.id },
        async (tx) => {
          const [row] = await tx
            .insert(returnTrips)
            .values({ ...values, orderId: order.id, createdBy: user.id, idempotencyKey: key ?? null })
            .returning();
          return toViagemVolta(row!);
        },
        undefined,
        async (tx) => {
          concluded = await completeIfSignedAndReturned(tx, user, order.id);
        },
      );
      // After the commit: the client is told the order is concluded (docs/rules.md#portal).
      if (concluded) onConcluded?.(order.id, user);
      return created;
    },
  });
}

export async function listViagensIda(db: Db, user: SessionUser, orderId: number) {
  await orderForRead(db, user, orderId);
  const rows = await db
    .select()
    .from(outboundTrips)
    .where(eq(outboundTrips.orderId, orderId))
    .orderBy(asc(outboundTrips.dataida), asc(outboundTrips.saidaida), asc(outboundTrips.id));
  return rows.map(toViagemIda);
}

export async function listServicos(db: Db, user: SessionUser, orderId: number) {
  await orderForRead(db, user, orderId);
  const rows = await db
    .select()
    .from(serviceEntries)
    .where(eq(serviceEntries.orderId, orderId))
    .orderBy(asc(serviceEntries.dataservico), asc(serviceEntries.entradaservico), asc(serviceEntries.id));
  return rows.map(toServico);
}

export async function listViagensVolta(db: Db, user: SessionUser, orderId: number) {
  await orderForRead(db, user, orderId);
  const rows = await db
    .select()
    .from(returnTrips)
    .where(eq(returnTrips.orderId, orderId))
    .orderBy(asc(returnTrips.datavolta), asc(returnTrips.saidavolta), asc(returnTrips.id));
  return rows.map(toViagemVolta);
}

export async function updateServico(db: Db, user: SessionUser, id: number, input: z.output<typeof servicoUpdateSchema>) {
  const [before] = await db.select().from(serviceEntries).where(eq(serviceEntries.id, id)).limit(1);
  if (!before) throw notFound();
  await orderForRecordWrite(db, user, before.orderId);
  const values = serviceValues(input);
  return auditedUpdate(db, { entity: 'servico', user, id, orderId: before.orderId }, toServico(before), async (tx) => {
    const [row] = await tx
      .update(serviceEntries)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(serviceEntries.id, id))
      .returning();
    return toServico(row!);
  });
}

export async function updateViagemIda(db: Db, user: SessionUser, id: number, input: z.output<typeof viagemIdaUpdateSchema>) {
  const [before] = await db.select().from(outboundTrips).where(eq(outboundTrips.id, id)).limit(1);
  if (!before) throw notFound();
  const order = await orderForRecordWrite(db, user, before.orderId);
  assertOutboundOpen(order);
  const values = outboundValues(input);
  return auditedUpdate(db, { entity: 'viagemida', user, id, orderId: before.orderId }, toViagemIda(before), async (tx) => {
    const [row] = await tx
      .update(outboundTrips)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(outboundTrips.id, id))
      .returning();
    return toViagemIda(row!);
  });
}

export async function updateViagemVolta(db: Db, user: SessionUser, id: number, input: z.output<typeof viagemVoltaUpdateSchema>) {
  const [before] = await db.select().from(returnTrips).where(eq(returnTrips.id, id)).limit(1);
  if (!before) throw notFound();
  await orderForRecordWrite(db, user, before.orderId);
  const values = returnValues(input);
  return auditedUpdate(db, { entity: 'viagemvolta', user, id, orderId: before.orderId }, toViagemVolta(before), async (tx) => {
    const [row] = await tx
      .update(returnTrips)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(returnTrips.id, id))
      .returning();
    return toViagemVolta(row!);
  });
}

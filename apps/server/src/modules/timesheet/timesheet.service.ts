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
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { outboundTrips, returnTrips, serviceEntries } from '../../db/schema';
import { badRequest, conflict } from '../../platform/errors';
import type { OrderRow } from '../order-records/order-guard';
import { createRecordOnce, editRecord, insertRecord, listRecords, recordKind } from '../order-records/record-kind';
import { type ConclusionListeners, completeIfSignedAndReturned, setOrderStatus, tellConcluded } from '../orders/order-lifecycle';

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

/** The outbound trip, a kind of an order's records (docs/style.md#a-record-kind-of-an-order). */
const outbound = recordKind(outboundTrips, 'viagemida', {
  listedBy: [outboundTrips.dataida, outboundTrips.saidaida, outboundTrips.id],
  present: toViagemIda,
  values: outboundValues,
  check: assertOutboundOpen,
});

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

/** A service day, a kind of an order's records. */
const service = recordKind(serviceEntries, 'servico', {
  listedBy: [serviceEntries.dataservico, serviceEntries.entradaservico, serviceEntries.id],
  present: toServico,
  values: serviceValues,
});

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

/** The return trip, a kind of an order's records. */
const returning = recordKind(returnTrips, 'viagemvolta', {
  listedBy: [returnTrips.datavolta, returnTrips.saidavolta, returnTrips.id],
  present: toViagemVolta,
  values: returnValues,
});

export async function createViagemIda(db: Db, user: SessionUser, input: z.output<typeof viagemIdaSchema>, key?: string) {
  // The kind's check refuses an Andamento order first (assertOutboundOpen).
  return createRecordOnce(db, user, outbound, input.numeroos, key, async (order) =>
    // docs/rules.md#order-life-cycle: the outbound trip of an Aberto order moves it to Andamento.
    insertRecord(db, user, outbound, order, outboundValues(input), key, async (tx) => {
      if (order.status === 'Aberto') await setOrderStatus(tx, user, order, 'Andamento');
    }),
  );
}

export async function createServico(db: Db, user: SessionUser, input: z.output<typeof servicoSchema>, key?: string) {
  return createRecordOnce(db, user, service, input.numeroos, key, async (order) =>
    insertRecord(db, user, service, order, serviceValues(input), key),
  );
}

export async function createViagemVolta(
  db: Db,
  user: SessionUser,
  input: z.output<typeof viagemVoltaSchema>,
  key?: string,
  listeners: ConclusionListeners = {},
) {
  return createRecordOnce(db, user, returning, input.numeroos, key, async (order) => {
    let concluded = false;
    const created = await insertRecord(db, user, returning, order, returnValues(input), key, async (tx) => {
      concluded = await completeIfSignedAndReturned(tx, user, order.id, listeners.outbox);
    });
    if (concluded) tellConcluded(listeners, order.id, user);
    return created;
  });
}

export const listViagensIda = (db: Db, user: SessionUser, orderId: number) => listRecords(db, user, outbound, orderId);
export const listServicos = (db: Db, user: SessionUser, orderId: number) => listRecords(db, user, service, orderId);
export const listViagensVolta = (db: Db, user: SessionUser, orderId: number) => listRecords(db, user, returning, orderId);

export const updateViagemIda = (db: Db, user: SessionUser, id: number, input: z.output<typeof viagemIdaUpdateSchema>) =>
  editRecord(db, user, outbound, id, input);
export const updateServico = (db: Db, user: SessionUser, id: number, input: z.output<typeof servicoUpdateSchema>) =>
  editRecord(db, user, service, id, input);
export const updateViagemVolta = (db: Db, user: SessionUser, id: number, input: z.output<typeof viagemVoltaUpdateSchema>) =>
  editRecord(db, user, returning, id, input);

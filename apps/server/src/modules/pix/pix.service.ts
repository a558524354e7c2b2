/**
 * PIX (docs/rules.md#pix): the company's receiving data, and the charge of each closing with a total above
 * zero, its BR Code made by a maintained library (pix-utils: EMV fields, merchant account br.gov.bcb.pix,
 * CRC16-CCITT) and its QR code; the office marks it paid or cancels it; the portal lists the client's.
 */
import {
  businessToday,
  type ClosingFigures,
  formatCentavos,
  formatDate,
  normalizePixKey,
  PIX_DUE_DAYS,
  PIX_MSG,
  type PixCharge,
  type PixChargeTotals,
  type PixSettings,
  type PixSettingsInput,
  padNumber,
  type SessionUser,
} from '@os/shared';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { createDynamicPix, createStaticPix, hasError } from 'pix-utils';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { pageOf } from '../../db/page-of';
import { closings, pixCharges, pixSettings } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/audit.service';
import { cobTxid, type PixApiClient, PixApiError } from './pix-api';

export type ChargeRow = typeof pixCharges.$inferSelect;
export type ClosingRow = typeof closings.$inferSelect;

/** GET /api/configuracoes/pix: empty fields until the admin fills them. */
export async function readPixSettings(db: Db): Promise<PixSettings> {
  const [row] = await db.select().from(pixSettings).where(eq(pixSettings.id, 1)).limit(1);
  return row
    ? { chave: row.chave, tipo: row.tipo as PixSettings['tipo'], nome: row.nome, cidade: row.cidade }
    : { chave: '', tipo: null, nome: '', cidade: '' };
}

/** PUT /api/configuracoes/pix: the key kept as the BR Code carries it (digits, lower case, +55...). */
export async function savePixSettings(db: Db, input: PixSettingsInput, user: SessionUser): Promise<PixSettings> {
  const key = normalizePixKey(input.chave);
  if (!key) throw badRequest(PIX_MSG.keyInvalid, 'chave');
  const before = await readPixSettings(db);
  const values = {
    chave: key.chave,
    tipo: key.tipo,
    nome: input.nome,
    cidade: input.cidade,
    updatedBy: user.id,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(pixSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: pixSettings.id, set: values });
    await recordAudit(tx as unknown as Db, {
      entity: 'pix_config',
      entityId: 1,
      action: 'update',
      user,
      changes: { antes: before.chave ? before : null, depois: { chave: key.chave, nome: input.nome, cidade: input.cidade } },
    });
  });
  return readPixSettings(db);
}

/** The txid of a closing's charge: 'FECH' and its number, 'FECH00012'. */
export const chargeTxid = (numero: number) => `FECH${padNumber(numero)}`;

/** The 'Pix Copia e Cola' text for an amount in centavos. */
export function brCode(settings: Pick<PixSettings, 'chave' | 'nome' | 'cidade'>, valorCentavos: number, txid: string): string {
  const pix = createStaticPix({
    merchantName: settings.nome,
    merchantCity: settings.cidade,
    pixKey: settings.chave,
    transactionAmount: valorCentavos / 100,
    txid,
  });
  if (hasError(pix)) throw badRequest(PIX_MSG.keyInvalid, 'chave');
  return pix.toBRCode();
}

/** The QR code of a BR Code as a data:image/png URL. */
export const qrDataUrl = (payload: string) => QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 320 });

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The code of a dynamic charge: the bank's own, or one made from the location it answered. */
function dynamicCode(settings: PixSettings, cob: { pixCopiaECola?: string; location?: string; loc?: { location?: string } }) {
  if (cob.pixCopiaECola) return cob.pixCopiaECola;
  const url = cob.location ?? cob.loc?.location;
  if (!url) throw new PixApiError(502, 'API PIX do banco: a cobrança veio sem location.');
  const pix = createDynamicPix({ merchantName: settings.nome, merchantCity: settings.cidade, url });
  if (hasError(pix)) throw new PixApiError(502, 'API PIX do banco: location inválida.');
  return pix.toBRCode();
}

/**
 * What a new charge holds: with a bank's PIX API, an immediate charge made there (PUT /cob/{txid}); without one,
 * or when the bank cannot be reached, the static BR Code.
 */
async function newCharge(closing: ClosingRow, settings: PixSettings, bank: PixApiClient | null | undefined) {
  const staticCharge = () => {
    const txid = chargeTxid(closing.numero);
    return { txid, payload: brCode(settings, closing.totalCentavos, txid), modo: 'estatica' as const, location: null };
  };
  if (!bank) return staticCharge();
  const txid = cobTxid(closing.numero);
  try {
    const cob = await bank.createCob(txid, {
      valorCentavos: closing.totalCentavos,
      chave: settings.chave,
      expiracao: (PIX_DUE_DAYS + 1) * 86_400,
      solicitacao: `Fechamento ${padNumber(closing.numero)}`,
    });
    return {
      txid,
      payload: dynamicCode(settings, cob),
      modo: 'dinamica' as const,
      location: cob.location ?? cob.loc?.location ?? null,
    };
  } catch (err) {
    if (err instanceof PixApiError) return staticCharge();
    throw err;
  }
}

/**
 * The charge of a closing, made the first time it is asked for with the receiving data of then: null for a
 * total of zero; without a key, 409 when `requireKey`, otherwise null (the closing PDF prints no PIX then).
 */
export async function ensureCharge(
  db: Db,
  closing: ClosingRow,
  requireKey = true,
  bank?: PixApiClient | null,
): Promise<ChargeRow | null> {
  const [existing] = await db.select().from(pixCharges).where(eq(pixCharges.closingId, closing.id)).limit(1);
  if (existing) return existing;
  if (closing.totalCentavos <= 0) return null;
  const settings = await readPixSettings(db);
  if (!settings.chave) {
    if (requireKey) throw conflict(PIX_MSG.noKey);
    return null;
  }
  const vencimento = addDays(businessToday(closing.createdAt), PIX_DUE_DAYS);
  const made = await newCharge(closing, settings, bank);
  try {
    const [row] = await db
      .insert(pixCharges)
      .values({ closingId: closing.id, valorCentavos: closing.totalCentavos, vencimento, ...made })
      .returning();
    return row!;
  } catch (err) {
    // Two first reads at once: the other one made it.
    if (!isUniqueViolation(err)) throw err;
    const [row] = await db.select().from(pixCharges).where(eq(pixCharges.closingId, closing.id)).limit(1);
    return row!;
  }
}

export async function toPixCharge(row: ChargeRow, closing: Pick<ClosingRow, 'numero' | 'figures'>): Promise<PixCharge> {
  return {
    fechamento: closing.numero,
    cliente: (closing.figures as ClosingFigures).cliente.razao,
    valor: row.valorCentavos / 100,
    vencimento: row.vencimento,
    txid: row.txid,
    pixCopiaECola: row.payload,
    qrCode: await qrDataUrl(row.payload),
    status: row.status,
    dinamica: row.modo === 'dinamica',
    vencida: row.status === 'Em aberto' && row.vencimento < businessToday(),
    pagaEm: row.pagaEm,
    pagaPor: row.pagaPor,
    motivoCancelamento: row.motivoCancelamento,
  };
}

async function closingByNumero(db: Db, numero: number): Promise<ClosingRow> {
  const [closing] = await db.select().from(closings).where(eq(closings.numero, numero)).limit(1);
  if (!closing) throw notFound(PIX_MSG.closingNotFound);
  return closing;
}

/**
 * The WhatsApp outbox as a charge uses it (docs/rules.md#whatsapp): given by app.ts, so this register-layer
 * module imports nothing of whatsapp's.
 */
export interface ChargeMessenger {
  clientMessage(
    db: Db,
    input: { evento: 'cobranca'; chave: string; clientId: number; params: (nome: string) => string[]; user: SessionUser },
  ): Promise<number>;
  written(): void;
}

/**
 * POST /api/fechamentos/{numero}/cobranca/whatsapp: the open charge's value, due day and Pix Copia e Cola to the
 * client's consenting contacts, once per charge and due day (its txid and vencimento are the message's key); a
 * second press sends nothing until the due day changes.
 */
export async function sendChargeOverWhatsapp(
  db: Db,
  messenger: ChargeMessenger,
  numero: number,
  user: SessionUser,
  bank?: PixApiClient | null,
): Promise<{ enviadas: number; message: string }> {
  const charge = await closingCharge(db, numero, bank);
  if (charge.status !== 'Em aberto') throw conflict(PIX_MSG.notOpen);
  const closing = await closingByNumero(db, numero);
  const enviadas = await messenger.clientMessage(db, {
    evento: 'cobranca',
    // Once per charge and due day: a charge whose due day moved is told again with the new day.
    chave: `cobranca:${charge.txid}:${charge.vencimento}`,
    clientId: (closing.figures as ClosingFigures).cliente.id,
    params: (nome) => [nome, formatCentavos(Math.round(charge.valor * 100)), formatDate(charge.vencimento), charge.pixCopiaECola],
    user,
  });
  if (enviadas) messenger.written();
  return { enviadas, message: enviadas ? PIX_MSG.whatsappSent(enviadas) : PIX_MSG.whatsappNone };
}

/** GET /api/fechamentos/{numero}/cobranca. */
export async function closingCharge(db: Db, numero: number, bank?: PixApiClient | null): Promise<PixCharge> {
  const closing = await closingByNumero(db, numero);
  const row = await ensureCharge(db, closing, true, bank);
  if (!row) throw conflict(PIX_MSG.noCharge);
  return toPixCharge(row, closing);
}

/**
 * Changes an open charge once (two clicks at once change it once; 409 when it is no longer open), audited: a
 * status change as 'status', anything else (the due day) as 'update'. `before` runs first with the charge read,
 * outside the transaction (the bank's call of a new due day).
 */
export async function changeOpenCharge(
  db: Db,
  numero: number,
  user: SessionUser,
  set: Partial<typeof pixCharges.$inferInsert>,
  changes: (charge: ChargeRow) => Record<string, unknown>,
  before?: (charge: ChargeRow, closing: ClosingRow) => Promise<void>,
): Promise<PixCharge> {
  const closing = await closingByNumero(db, numero);
  const charge = await ensureCharge(db, closing);
  if (!charge) throw conflict(PIX_MSG.noCharge);
  if (charge.status !== 'Em aberto') throw conflict(PIX_MSG.notOpen);
  await before?.(charge, closing);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(pixCharges)
      .set(set)
      .where(and(eq(pixCharges.id, charge.id), eq(pixCharges.status, 'Em aberto')))
      .returning();
    if (!updated) throw conflict(PIX_MSG.notOpen);
    const statusChanged = updated.status !== 'Em aberto';
    await recordAudit(tx as unknown as Db, {
      entity: 'cobranca',
      entityId: charge.id,
      action: statusChanged ? 'status' : 'update',
      user,
      changes: {
        fechamento: numero,
        txid: charge.txid,
        ...(statusChanged ? { status: { antes: 'Em aberto', depois: updated.status } } : {}),
        ...changes(charge),
      },
    });
    return updated;
  });
  return toPixCharge(row, closing);
}

/** POST /api/fechamentos/{numero}/cobranca/paga {data}: the payment's day (not after today) and who marked it. */
export function markChargePaid(db: Db, numero: number, data: string, user: SessionUser): Promise<PixCharge> {
  if (data > businessToday()) throw badRequest(PIX_MSG.dateFuture, 'data');
  const pagaPor = user.nome_completo || user.username;
  return changeOpenCharge(db, numero, user, { status: 'Paga', pagaEm: data, pagaPor }, () => ({ pagaEm: data }));
}

/** POST /api/fechamentos/{numero}/cobranca/cancelar {motivo}. */
export function cancelCharge(db: Db, numero: number, motivo: string, user: SessionUser): Promise<PixCharge> {
  return changeOpenCharge(db, numero, user, { status: 'Cancelada', motivoCancelamento: motivo, canceladaEm: new Date() }, () => ({
    motivo,
  }));
}

/** The client a closing is for, as its figures keep it. */
const closingClient = sql<number>`((${closings.figures} -> 'cliente' ->> 'id')::int)`;

/** GET /api/portal/cobrancas: the client's charges, newest first. */
export async function clientCharges(db: Db, clientId: number, page: { limit: number; offset: number }) {
  const where = eq(closingClient, clientId);
  const joined = eq(closings.id, pixCharges.closingId);
  const { rows, total } = await pageOf(
    db.select({ n: sql<number>`count(*)::int` }).from(pixCharges).innerJoin(closings, joined).where(where),
    db
      .select({ charge: pixCharges, numero: closings.numero, figures: closings.figures })
      .from(pixCharges)
      .innerJoin(closings, joined)
      .where(where)
      .orderBy(desc(closings.numero)),
    page,
  );
  return { items: await Promise.all(rows.map((r) => toPixCharge(r.charge, r))), total };
}

/** The dashboard's figures: charges open, and those past their due day (docs/rules.md#pix). */
export async function chargeTotals(db: Db): Promise<PixChargeTotals> {
  const today = businessToday();
  const sumOf = async (overdue: boolean) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int`, c: sql<number>`coalesce(sum(${pixCharges.valorCentavos}), 0)::bigint` })
      .from(pixCharges)
      .where(and(eq(pixCharges.status, 'Em aberto'), overdue ? lt(pixCharges.vencimento, today) : undefined));
    return { n: Number(row?.n ?? 0), valor: Number(row?.c ?? 0) / 100 };
  };
  const [open, overdue] = await Promise.all([sumOf(false), sumOf(true)]);
  return { abertas: open.n, valorAberto: open.valor, vencidas: overdue.n, valorVencido: overdue.valor };
}

/** A reopened closing's open charge is cancelled with the reopening's reason (docs/rules.md#pix), in its transaction. */
export async function cancelChargeOfReopened(tx: Db, closingId: number, motivo: string, user: SessionUser): Promise<void> {
  const [cancelled] = await tx
    .update(pixCharges)
    .set({ status: 'Cancelada', motivoCancelamento: `Fechamento reaberto: ${motivo}`.slice(0, 500), canceladaEm: new Date() })
    .where(and(eq(pixCharges.closingId, closingId), eq(pixCharges.status, 'Em aberto')))
    .returning();
  if (!cancelled) return;
  await recordAudit(tx, {
    entity: 'cobranca',
    entityId: cancelled.id,
    action: 'status',
    user,
    changes: { txid: cancelled.txid, status: { antes: 'Em aberto', depois: 'Cancelada' }, motivo: cancelled.motivoCancelamento },
  });
}

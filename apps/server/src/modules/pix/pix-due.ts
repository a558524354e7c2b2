/**
 * The due day of an open charge (docs/rules.md#pix): the closing's day + 5 unless the office sets another, not
 * before the closing's day. A charge made at the bank gets the new validity there first (PATCH /cob/{txid}).
 */
import { businessToday, formatDate, PIX_MSG, type PixCharge, type SessionUser } from '@os/shared';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../platform/errors';
import { type ChargeRow, type ClosingRow, changeOpenCharge } from './pix.service';
import { type PixApiClient, PixApiError } from './pix-api';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY_MS);

/**
 * The bank's validity of a dynamic charge due on `vencimento`: from the charge's day to the end of the day after
 * the due day, as when it was made (the due days + 1).
 */
export const cobExpiry = (charge: Pick<ChargeRow, 'createdAt'>, vencimento: string) =>
  (daysBetween(businessToday(charge.createdAt), vencimento) + 1) * 86_400;

/** PUT /api/fechamentos/{numero}/cobranca/vencimento {vencimento}: only while 'Em aberto' (409 otherwise), audited. */
export function setChargeDue(
  db: Db,
  numero: number,
  vencimento: string,
  user: SessionUser,
  bank: PixApiClient | null,
): Promise<PixCharge> {
  const notBeforeClosing = (closing: ClosingRow) => {
    const closingDay = businessToday(closing.createdAt);
    if (vencimento < closingDay) throw badRequest(PIX_MSG.dueBeforeClosing(formatDate(closingDay)), 'vencimento');
  };
  return changeOpenCharge(
    db,
    numero,
    user,
    { vencimento },
    (charge) => ({ vencimento: { antes: charge.vencimento, depois: vencimento } }),
    async (charge, closing) => {
      notBeforeClosing(closing);
      if (charge.modo !== 'dinamica' || !bank) return;
      try {
        await bank.reviseCobExpiry(charge.txid, cobExpiry(charge, vencimento));
      } catch (err) {
        if (err instanceof PixApiError) throw new AppError(502, PIX_MSG.dueBankFailed(err.message));
        throw err;
      }
    },
  );
}

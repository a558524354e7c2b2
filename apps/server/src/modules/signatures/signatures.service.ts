import { type Assinatura, type assinaturaSchema, FIELD_MSG, MSG, type SessionUser, SIGNATURE_MAX_BYTES } from '@os/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { signatures } from '../../db/schema';
import { AppError, badRequest } from '../../platform/errors';
import { sniffMime } from '../../platform/files';
import { type Storage, storedName } from '../../platform/storage';
import { recordAudit } from '../audit/audit.service';
import { createRecordOnce, listRecords, recordKind } from '../order-records/record-kind';
import { type ConclusionListeners, completeIfSignedAndReturned, tellConcluded } from '../orders/order-lifecycle';

type SignatureRow = typeof signatures.$inferSelect;

const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]*={0,2})$/;

const toAssinatura = (orderId: number, row: SignatureRow | undefined): Assinatura => ({
  ordemServicoId: orderId,
  imagem: row ? row.imagem.replace(/^uploads\//, '') : null,
  nome: row?.signerName ?? null,
  signed_at: row?.signedAt.toISOString() ?? null,
});

/**
 * The customer's signature of an order (docs/style.md#a-record-kind-of-an-order): one per order, so its
 * list has one row at most, and signing again replaces it (saveAssinatura) instead of an edit route.
 */
const signature = recordKind(signatures, 'assinatura', {
  listedBy: [signatures.id],
  present: (row: SignatureRow) => toAssinatura(row.orderId, row),
});

/** The PNG bytes of a signature data URL, if they really are a PNG of bounded size and dimensions. */
export async function decodeSignature(dataUrl: string): Promise<Buffer> {
  // base64 is 4/3 of the bytes: refuse the oversized before decoding anything
  if (dataUrl.length > 40 + Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3)) throw new AppError(413, FIELD_MSG.signatureTooLarge);
  const m = DATA_URL.exec(dataUrl);
  if (!m) throw badRequest(FIELD_MSG.signatureInvalid, 'assinatura');
  const png = Buffer.from(m[1]!, 'base64');
  if (png.length === 0) throw badRequest(MSG.emptyFile, 'assinatura');
  if (png.length > SIGNATURE_MAX_BYTES) throw new AppError(413, FIELD_MSG.signatureTooLarge);
  if ((await sniffMime(png)) !== 'image/png') throw badRequest(FIELD_MSG.signatureInvalid, 'assinatura');
  try {
    const meta = await sharp(png, { failOn: 'error' }).metadata();
    if (meta.format !== 'png' || !meta.width || !meta.height || meta.width > 4000 || meta.height > 4000)
      throw new Error('bad png');
    await sharp(png, { failOn: 'error' }).stats(); // decodes it: a truncated file fails here
  } catch {
    throw badRequest(FIELD_MSG.signatureInvalid, 'assinatura');
  }
  return png;
}

/**
 * Saves the customer's signature as a file (one per order; signing again replaces it, audited,
 * and the earlier image file is kept as evidence),
 * with the signer's name (default: the order's responsavel) and the moment (docs/rules.md#beyond-the-old-product).
 */
export async function saveAssinatura(
  db: Db,
  storage: Storage,
  user: SessionUser,
  input: z.output<typeof assinaturaSchema>,
  key?: string,
  listeners: ConclusionListeners = {},
) {
  return createRecordOnce(db, user, signature, input.ordemServicoId, key, async (order) => {
    // A signature always names who signed (docs/rules.md#daily-use): sent empty, or left out on an
    // order without responsavel, it is refused.
    const signerName = (input.nome ?? order.responsavel ?? '').trim();
    if (!signerName) throw badRequest(FIELD_MSG.signerNameRequired, 'nome');
    const png = await decodeSignature(input.assinatura);
    const imagem = await storage.put('uploads', png, storedName(`assinatura${order.id}`, 'png'));
    let replayed = false;
    let concluded = false;
    try {
      const result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(signatures).where(eq(signatures.orderId, order.id)).limit(1);
        // A copy of this request that won the race already signed: answer its result, change nothing.
        if (key && before?.idempotencyKey === key && before.createdBy === user.id) {
          replayed = true;
          return signature.present(before);
        }
        const values = {
          imagem,
          signerName,
          signedAt: new Date(),
          createdBy: user.id,
          idempotencyKey: key ?? null,
          updatedAt: new Date(),
        };
        const [row] = before
          ? await tx.update(signatures).set(values).where(eq(signatures.id, before.id)).returning()
          : await tx
              .insert(signatures)
              .values({ ...values, orderId: order.id })
              .returning();
        const after = signature.present(row!);
        await recordAudit(tx, {
          entity: signature.entity,
          entityId: row!.id,
          orderId: order.id,
          action: before ? 'update' : 'create',
          user,
          changes: before ? { antes: signature.present(before), depois: after } : after,
        });
        concluded = await completeIfSignedAndReturned(tx, user, order.id, listeners.outbox);
        return after;
      });
      if (replayed) await storage.remove(imagem);
      if (concluded) tellConcluded(listeners, order.id, user);
      return result;
    } catch (err) {
      await storage.remove(imagem);
      throw err;
    }
  });
}

/** The order's signature, or its empty answer when nobody signed yet. */
export async function getAssinatura(db: Db, user: SessionUser, orderId: number): Promise<Assinatura> {
  const [signed] = await listRecords(db, user, signature, orderId);
  return signed ?? toAssinatura(orderId, undefined);
}

import { padNumber, type SessionUser } from '@os/shared';
import { fitForPrint, type ImageBox, renderPdf } from '../../../platform/pdf';
import type { Storage } from '../../../platform/storage';
import { codeOf } from './content';
import type { OrderPdfSection, Picture } from './kit';
import { type OrderRecord, readStored } from './load';
import { type OrderPdfKind, type OrderPdfProfile, PROFILES } from './profiles';
import { SECTIONS } from './sections';

/**
 * Each picture the profile's sections print, re-encoded at the size it is printed
 * (docs/rules.md#beyond-the-old-product), all at once before drawing; one that cannot be read is left out.
 */
async function fittedPictures(storage: Storage, pictures: Picture[]): Promise<Map<string, Buffer>> {
  const boxes = new Map<string, ImageBox>();
  for (const p of pictures) if (!boxes.has(p.key)) boxes.set(p.key, p.box);
  const images = new Map<string, Buffer>();
  await Promise.all(
    [...boxes].map(async ([key, box]) => {
      const data = await readStored(storage, key);
      if (data) images.set(key, await fitForPrint(data, box));
    }),
  );
  return images;
}

/** Renders the order's PDF of that kind from its loaded record (no storage writes): the bytes and the verification code. */
export async function renderOrderRecord(
  storage: Storage,
  rec: OrderRecord,
  kind: OrderPdfKind,
  user: Pick<SessionUser, 'username'>,
  now = new Date(),
): Promise<{ pdf: Buffer; code: string }> {
  const profile: OrderPdfProfile = PROFILES[kind];
  const sections: OrderPdfSection[] = profile.sections.map((name) => SECTIONS[name]);
  const images = await fittedPictures(
    storage,
    sections.flatMap((s) => s.pictures?.(rec, profile.details) ?? []),
  );
  const code = codeOf(rec, kind);
  const numero = padNumber(rec.order.numero);
  const context = { rec, images, details: profile.details, heading: profile.heading(numero) };
  const pdf = await renderPdf(
    { title: profile.title(numero), footer: { generatedAt: now, generatedBy: user.username, code } },
    (doc) => {
      for (const section of sections) section.draw({ ...context, doc });
    },
  );
  return { pdf, code };
}

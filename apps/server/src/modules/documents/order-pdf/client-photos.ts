/**
 * 'Fotos do cliente' (docs/rules.md#portal): the photos a client sent with the request the order was made
 * from, printed in the office's full PDF.
 */
import { padNumber } from '@os/shared';
import { heading, image } from '../../../platform/pdf';
import { type OrderPdfSection, PHOTO_BOX, type SectionContext } from './kit';

function clientPhotos({ doc, rec, images, details }: SectionContext) {
  if (!details.photos || !rec.fotosCliente.length) return;
  heading(doc, 'Fotos do cliente');
  rec.fotosCliente.forEach((f, i) => {
    const photo = images.get(f.imagem);
    if (photo) image(doc, photo, { ...PHOTO_BOX, caption: `Foto do cliente ${i + 1} (solicitação ${padNumber(f.requestId)})` });
  });
}

export const clientPhotosSection: OrderPdfSection = {
  draw: clientPhotos,
  pictures: (rec, details) => (details.photos ? rec.fotosCliente.map((f) => ({ key: f.imagem, box: PHOTO_BOX })) : []),
  content: (rec, details) => (details.photos ? rec.fotosCliente.map((f) => f.imagem) : []),
};

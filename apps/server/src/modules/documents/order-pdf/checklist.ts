/** The 'Checklist' section of every order PDF (docs/rules.md#checklists): item, value with unit, range, result, note, photos. */
import { formatRange, type OrderChecklistItem } from '@os/shared';
import { heading, image, paragraph } from '../../../platform/pdf';
import { detailTable, type OrderPdfSection, type PdfColumn, PHOTO_BOX, type SectionContext } from './kit';

const CHECKLIST_COLUMNS: PdfColumn<OrderChecklistItem>[] = [
  { header: 'Item', width: 30, cell: (i) => `${i.texto}${i.obrigatorio ? ' *' : ''}` },
  {
    header: 'Valor',
    width: 16,
    cell: (i) => (i.resposta ? [i.resposta.valor, i.tipo === 'leitura' ? i.unidade : ''].filter(Boolean).join(' ') : '—'),
  },
  { header: 'Faixa', width: 14, cell: (i) => (i.tipo === 'leitura' ? formatRange(i) : '') },
  { header: 'Resultado', width: 14, cell: (i) => i.resposta?.resultado ?? '' },
  { header: 'Observação', width: 26, cell: (i) => i.resposta?.observacao ?? '' },
];

/** The photo's storage key (the API names it by its file name). */
const photoKey = (i: OrderChecklistItem) => (i.resposta?.foto ? `uploads/${i.resposta.foto}` : null);

function checklistSection({ doc, rec, details, images }: SectionContext) {
  const checklist = rec.checklist;
  if (!checklist) return;
  heading(doc, `Checklist: ${checklist.nome}`);
  paragraph(doc, `Respondidos: ${checklist.respondidos} de ${checklist.total} · Não conformes: ${checklist.naoConformes}`);
  detailTable(doc, details, CHECKLIST_COLUMNS, checklist.itens);
  for (const item of checklist.itens) {
    const key = photoKey(item);
    if (!key || !images.has(key)) continue;
    image(doc, images.get(key)!, { ...PHOTO_BOX, caption: `${item.texto}: ${item.resposta!.valor}` });
  }
}

export const checklistPdfSection: OrderPdfSection = {
  draw: checklistSection,
  pictures: (rec) => (rec.checklist?.itens ?? []).flatMap((i) => (photoKey(i) ? [{ key: photoKey(i)!, box: PHOTO_BOX }] : [])),
  content: (rec) =>
    rec.checklist
      ? rec.checklist.itens.map((i) => [
          i.id,
          i.resposta?.valor ?? null,
          i.resposta?.resultado ?? null,
          i.resposta?.observacao ?? null,
          i.resposta?.foto ?? null,
        ])
      : null,
};

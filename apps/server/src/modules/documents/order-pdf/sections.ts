/**
 * The sections of the order PDFs, one function each, in the order they print (docs/style.md#a-pdf-section).
 * Which of them a PDF prints, and which of their details, is its profile (profiles.ts).
 */
import { formatCnpj, formatDate, formatDateTime, formatKm, formatMinutes, formatPhone, padNumber } from '@os/shared';
import { fields, heading, image, paragraph } from '../../../platform/pdf';
import { checklistPdfSection } from './checklist';
import { clientPhotosSection } from './client-photos';
import { expensesSection } from './expenses';
import {
  detailTable,
  hhmm,
  type OrderPdfSection,
  type PdfColumn,
  PHOTO_BOX,
  type Picture,
  type SectionContext,
  SIGNATURE_BOX,
} from './kit';
import type { OrderRecord } from './load';
import { materialsSection } from './materials';

/** The company, then the document's heading. */
function header({ doc, rec, heading: title }: SectionContext) {
  const { company } = rec;
  if (company) {
    doc.font('bold').fontSize(13).text(company.nome);
    doc
      .font('regular')
      .fontSize(8)
      .text([company.cnpj && `CNPJ: ${formatCnpj(company.cnpj)}`, company.ie && `IE: ${company.ie}`].filter(Boolean).join('   '));
  }
  doc.moveDown(0.5);
  doc.font('bold').fontSize(15).fillColor('#1e3a8a').text(title);
  doc.fillColor('black').font('regular').fontSize(9);
}

function clientData({ doc, rec: { client } }: SectionContext) {
  heading(doc, 'Cliente');
  fields(doc, [
    ['Razão social', client.razao],
    ['CNPJ', formatCnpj(client.cnpj)],
    ['Endereço', [client.endereco, client.bairro].filter(Boolean).join(', ')],
    ['Cidade', [client.cidade, client.estado].filter(Boolean).join('/')],
    ['Contato', client.contato],
    ['Telefone', formatPhone(client.fone)],
    ['E-mail', client.email],
  ]);
}

function orderData({ doc, rec }: SectionContext) {
  const { order } = rec;
  heading(doc, 'Ordem de Serviço');
  fields(doc, [
    ['Número', padNumber(order.numero)],
    ['Data', formatDate(order.data)],
    ['Responsável', order.responsavel],
    ['Cidade', order.cidade],
    ['Técnico', rec.technician?.nomeCompleto || rec.technician?.username || ''],
    ['Status', order.status],
    ['Equipamento', order.equipamento],
    ['Nr Peça', order.nrPeca],
    ['Nr Série', order.nrSerie],
    ['Motivo', order.motivo],
  ]);
}

/** docs/rules.md#equipment: the registered equipment the order is for, when it has one. */
function equipmentData({ doc, rec }: SectionContext) {
  if (!rec.equipment) return;
  heading(doc, 'Equipamento do cliente');
  fields(doc, [
    ['Tipo', rec.equipment.tipo],
    ['Fabricante', rec.equipment.fabricante],
    ['Modelo', rec.equipment.modelo],
    ['Nº de série', rec.equipment.numeroSerie],
    ['Local', rec.equipment.local],
    ['Data de instalação', formatDate(rec.equipment.dataInstalacao)],
  ]);
}

type Outbound = OrderRecord['ida'][number];
type Service = OrderRecord['servicos'][number];
type Return = OrderRecord['volta'][number];

/** The fields of T whose values are V. */
type FieldOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T];

/** Which field of a trip each column of its table prints; only the return trip has a wait. */
interface TripFields<T> {
  date: FieldOf<T, string>;
  leave: FieldOf<T, string>;
  arrive: FieldOf<T, string>;
  wait?: FieldOf<T, number>;
  km: FieldOf<T, string>;
  notes: FieldOf<T, string>;
}

/** The columns of a trip table: the km and the observations are details a profile may leave out. */
function tripColumns<T extends { duracaoMin: number }>(f: TripFields<T>): PdfColumn<T>[] {
  const { wait } = f;
  const text = (t: T, field: FieldOf<T, string>) => t[field] as string;
  return [
    { header: 'Data', width: 12, cell: (t) => formatDate(text(t, f.date)) },
    { header: 'Saída', width: 9, cell: (t) => hhmm(text(t, f.leave)) },
    { header: 'Chegada', width: 9, cell: (t) => hhmm(text(t, f.arrive)) },
    ...(wait ? [{ header: 'Espera', width: 9, cell: (t: T) => formatMinutes(t[wait] as number) }] : []),
    { header: 'Duração', width: 9, cell: (t) => formatMinutes(t.duracaoMin) },
    { header: 'Km', width: 9, right: true, detail: 'km', cell: (t) => formatKm(Number(text(t, f.km))) },
    { header: 'Observação', width: wait ? 31 : 40, detail: 'tripNotes', cell: (t) => text(t, f.notes) },
  ];
}

const OUTBOUND_COLUMNS = tripColumns<Outbound>({
  date: 'dataida',
  leave: 'saidaida',
  arrive: 'chegadaida',
  km: 'kmida',
  notes: 'obsida',
});
const RETURN_COLUMNS = tripColumns<Return>({
  date: 'datavolta',
  leave: 'saidavolta',
  arrive: 'chegadavolta',
  wait: 'tempoEsperaMin',
  km: 'kmvolta',
  notes: 'obsvolta',
});

const SERVICE_COLUMNS: PdfColumn<Service>[] = [
  { header: 'Data', width: 14, cell: (s) => formatDate(s.dataservico) },
  { header: 'Feriado', width: 10, detail: 'serviceHours', cell: (s) => (s.feriado ? 'Sim' : 'Não') },
  { header: 'Entrada', width: 12, cell: (s) => hhmm(s.entradaservico) },
  { header: 'Saída', width: 12, cell: (s) => hhmm(s.saidaservico) },
  { header: 'Intervalo', width: 12, cell: (s) => formatMinutes(s.intervaloMin) },
  {
    header: 'Duração',
    width: 12,
    right: true,
    detail: 'serviceHours',
    cell: (s) => formatMinutes(s.duracaoMin),
    total: (rows) => formatMinutes(rows.reduce((sum, s) => sum + s.duracaoMin, 0)),
  },
];

/** 'Folha de Horas': the outbound trips, the service days and the return trips (the trips only when the profile prints them). */
function timesheet({ doc, rec, details }: SectionContext) {
  heading(doc, 'Folha de Horas');
  const ida = details.trips ? rec.ida : [];
  const volta = details.trips ? rec.volta : [];
  if (ida.length) {
    paragraph(doc, 'Viagem de Ida', { bold: true });
    detailTable(doc, details, OUTBOUND_COLUMNS, ida);
  }
  if (rec.servicos.length) {
    paragraph(doc, 'Serviço', { bold: true });
    detailTable(doc, details, SERVICE_COLUMNS, rec.servicos);
  }
  if (volta.length) {
    paragraph(doc, 'Viagem de Volta', { bold: true });
    detailTable(doc, details, RETURN_COLUMNS, volta);
  }
  if (!ida.length && !rec.servicos.length && !volta.length) paragraph(doc, 'Nenhum lançamento de horas.');
}

/** 'Descrições', each with its photo when the profile prints photos. */
function descriptionList({ doc, rec, images, details }: SectionContext) {
  heading(doc, 'Descrições');
  if (!rec.descricoes.length) paragraph(doc, 'Nenhuma descrição.');
  rec.descricoes.forEach((d, i) => {
    paragraph(doc, `${formatDate(d.data)}`, { bold: true });
    paragraph(doc, d.descricao);
    const photo = details.photos && d.imagem ? images.get(d.imagem) : undefined;
    if (photo) image(doc, photo, { ...PHOTO_BOX, caption: `Foto da descrição ${i + 1} (${formatDate(d.data)})` });
    doc.moveDown(0.4);
  });
}

const descriptionPhotos = (rec: OrderRecord, details: { photos: boolean }): Picture[] =>
  details.photos ? rec.descricoes.flatMap((d) => (d.imagem ? [{ key: d.imagem, box: PHOTO_BOX }] : [])) : [];

/** docs/rules.md#beyond-the-old-product: the signature with its signer and time. */
function signature({ doc, rec, images }: SectionContext) {
  heading(doc, 'Assinatura do Cliente');
  const sig = rec.assinatura;
  const sigImage = sig ? images.get(sig.imagem) : undefined;
  if (sig && sigImage) {
    image(doc, sigImage, SIGNATURE_BOX);
    paragraph(doc, `Assinado por: ${sig.signerName || rec.order.responsavel || '-'}`);
    paragraph(doc, `Em: ${formatDateTime(sig.signedAt)}`);
  } else {
    paragraph(doc, 'Sem assinatura.');
  }
}

/** docs/rules.md#portal: the client's decisions at a distance, as evidence, when there are some. */
function approval({ doc, rec, images }: SectionContext) {
  if (!rec.decisoes.length) return;
  heading(doc, 'Aprovação do Cliente');
  for (const d of rec.decisoes) {
    const when = formatDateTime(d.createdAt);
    if (d.tipo === 'aprovacao') {
      paragraph(doc, `Aprovada por ${d.nome} em ${when}`, { bold: true });
      const drawn = d.assinatura ? images.get(d.assinatura) : undefined;
      if (drawn) image(doc, drawn, SIGNATURE_BOX);
    } else {
      paragraph(doc, `Contestada por ${d.nome} em ${when}`, { bold: true });
      paragraph(doc, `Motivo: ${d.motivo ?? ''}`);
    }
    paragraph(doc, `Contato: ${d.contatoNome} <${d.contatoEmail}> · Endereço IP: ${d.ip}`);
    paragraph(doc, `PDF apresentado: código ${d.codigoPdf}`);
    doc.moveDown(0.4);
  }
}

/** Every section by name; a profile lists the names it prints, in this order or its own. */
export const SECTIONS = {
  header: { draw: header },
  client: { draw: clientData },
  order: { draw: orderData },
  equipment: { draw: equipmentData },
  timesheet: { draw: timesheet },
  descriptions: { draw: descriptionList, pictures: descriptionPhotos },
  checklist: checklistPdfSection,
  materials: materialsSection,
  clientPhotos: clientPhotosSection,
  expenses: expensesSection,
  signature: {
    draw: signature,
    pictures: (rec) => (rec.assinatura ? [{ key: rec.assinatura.imagem, box: SIGNATURE_BOX }] : []),
  },
  approval: {
    draw: approval,
    pictures: (rec) => rec.decisoes.flatMap((d) => (d.assinatura ? [{ key: d.assinatura, box: SIGNATURE_BOX }] : [])),
  },
} satisfies Record<string, OrderPdfSection>;
export type SectionName = keyof typeof SECTIONS;

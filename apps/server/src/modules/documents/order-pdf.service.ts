import {
  CLOSING_MSG,
  formatCentavos,
  formatCnpj,
  formatDate,
  formatDateTime,
  formatMinutesAsHours,
  formatPhone,
  type PdfGenerationResult,
  padNumber,
  type SessionUser,
} from '@os/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  clients,
  companies,
  descriptions,
  equipment,
  expenses,
  expenseTypes,
  orderDecisions,
  orders,
  outboundTrips,
  returnTrips,
  sentEmails,
  serviceEntries,
  signatures,
  users,
} from '../../db/schema';
import { forbidden, notFound } from '../../platform/errors';
import {
  columns,
  type Doc,
  fields,
  fitForPrint,
  heading,
  type ImageBox,
  image,
  paragraph,
  renderPdf,
  table,
  verificationCode,
} from '../../platform/pdf';
import { type Storage, storedName } from '../../platform/storage';
import { recordAudit } from '../audit/audit.service';
import { plateColumns } from '../equipment/equipment.service';
import { MSG_ORDER_NOT_FOUND, MSG_ORDER_NOT_YOURS, type OrderRow } from '../orders/order-access';

export type OrderPdfKind = 'pdf' | 'pdfcompleto';
export interface DocumentDeps {
  db: Db;
  storage: Storage;
}

/** Where the photos (descriptions, receipts) and the signature are printed. */
const PHOTO_BOX: ImageBox = {};
const SIGNATURE_BOX: ImageBox = { maxWidth: 260, maxHeight: 110 };

const hhmm = (time: string | null | undefined) => (time ? time.slice(0, 5) : '');
const km = (value: string | number) => String(value).replace('.', ',');

/** Everything an order sheet prints, read straight from the tables. */
async function loadOrderRecord(db: Db, orderId: number) {
  const [row] = await db
    .select({
      order: orders,
      client: clients,
      technician: { username: users.username, nomeCompleto: users.nomeCompleto },
      // docs/rules.md#equipment: the registered equipment the order is for, printed with its data.
      equipment: plateColumns,
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(users, eq(users.id, orders.technicianId))
    .leftJoin(equipment, eq(equipment.id, orders.equipmentId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw notFound(MSG_ORDER_NOT_FOUND);
  const [company] = await db.select().from(companies).orderBy(asc(companies.id)).limit(1);
  const byOrder = <T extends { orderId: unknown }>(t: T) => eq(t.orderId as never, orderId);
  const [ida, servicos, volta, descricoes, despesas, [assinatura], decisoes] = await Promise.all([
    db.select().from(outboundTrips).where(byOrder(outboundTrips)).orderBy(asc(outboundTrips.dataida), asc(outboundTrips.id)),
    db
      .select()
      .from(serviceEntries)
      .where(byOrder(serviceEntries))
      .orderBy(asc(serviceEntries.dataservico), asc(serviceEntries.entradaservico), asc(serviceEntries.id)),
    db.select().from(returnTrips).where(byOrder(returnTrips)).orderBy(asc(returnTrips.datavolta), asc(returnTrips.id)),
    db.select().from(descriptions).where(byOrder(descriptions)).orderBy(asc(descriptions.data), asc(descriptions.id)),
    db
      .select({ expense: expenses, tipo: expenseTypes.despesa })
      .from(expenses)
      .innerJoin(expenseTypes, eq(expenseTypes.id, expenses.expenseTypeId))
      .where(byOrder(expenses))
      .orderBy(asc(expenses.data), asc(expenses.id)),
    db.select().from(signatures).where(byOrder(signatures)).limit(1),
    db
      .select()
      .from(orderDecisions)
      .where(byOrder(orderDecisions))
      .orderBy(asc(orderDecisions.createdAt), asc(orderDecisions.id)),
  ]);
  return { ...row, company, ida, servicos, volta, descricoes, despesas, assinatura, decisoes };
}
type OrderRecord = Awaited<ReturnType<typeof loadOrderRecord>>;

async function readStored(storage: Storage, key: string | null | undefined): Promise<Buffer | null> {
  if (!key) return null;
  try {
    return await storage.read(key);
  } catch {
    return null;
  }
}

/** The content the verification code covers: every printed datum (timestamps of generation excluded). */
function contentOf(rec: OrderRecord, kind: OrderPdfKind) {
  const strip = <T extends object>(r: T) => {
    const { createdAt: _c, updatedAt: _u, idempotencyKey: _i, ...rest } = r as T & Record<string, unknown>;
    return rest;
  };
  return {
    kind,
    company: rec.company ? { nome: rec.company.nome, cnpj: rec.company.cnpj, ie: rec.company.ie } : null,
    order: strip(rec.order as never) as Record<string, unknown>,
    client: strip(rec.client),
    technician: rec.technician,
    equipment: rec.equipment,
    ida: rec.ida.map(strip),
    servicos: rec.servicos.map(strip),
    volta: rec.volta.map(strip),
    descricoes: rec.descricoes.map(strip),
    despesas: kind === 'pdfcompleto' ? rec.despesas.map((d) => ({ ...strip(d.expense), tipo: d.tipo })) : [],
    assinatura: rec.assinatura ? strip(rec.assinatura) : null,
    // The client's decisions at a distance (docs/rules.md#portal), only when there are some: an order
    // without any keeps the code it always had.
    ...(rec.decisoes.length
      ? { decisoes: rec.decisoes.map(({ createdAt, userAgent: _ua, ...d }) => ({ ...d, em: createdAt.toISOString() })) }
      : {}),
  };
}

function orderContentForHash(rec: OrderRecord, kind: OrderPdfKind) {
  const content = contentOf(rec, kind);
  // pdf/pdfcompleto keys change with every generation; they are not content.
  const { pdfFile: _p, pdfcompletoFile: _pc, ...order } = content.order;
  return { ...content, order };
}

function drawOrder(doc: Doc, rec: OrderRecord, images: Map<string, Buffer>, kind: OrderPdfKind) {
  const { order, client, company } = rec;
  const numero = padNumber(order.numero);
  if (company) {
    doc.font('bold').fontSize(13).text(company.nome);
    doc
      .font('regular')
      .fontSize(8)
      .text([company.cnpj && `CNPJ: ${formatCnpj(company.cnpj)}`, company.ie && `IE: ${company.ie}`].filter(Boolean).join('   '));
  }
  doc.moveDown(0.5);
  doc
    .font('bold')
    .fontSize(15)
    .fillColor('#1e3a8a')
    .text(kind === 'pdf' ? `Ordem de Serviço Nº ${numero}` : `Relatório Completo da OS Nº ${numero}`);
  doc.fillColor('black').font('regular').fontSize(9);

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

  heading(doc, 'Ordem de Serviço');
  fields(doc, [
    ['Número', numero],
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

  if (rec.equipment) {
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

  heading(doc, 'Folha de Horas');
  if (rec.ida.length) {
    paragraph(doc, 'Viagem de Ida', { bold: true });
    table(
      doc,
      columns({ Data: 12, Saída: 9, Chegada: 9, Duração: 9, Km: 9, Observação: 40 }, ['Km']),
      rec.ida.map((t) => [
        formatDate(t.dataida),
        hhmm(t.saidaida),
        hhmm(t.chegadaida),
        formatMinutesAsHours(t.duracaoMin),
        km(t.kmida),
        t.obsida,
      ]),
    );
  }
  if (rec.servicos.length) {
    paragraph(doc, 'Serviço', { bold: true });
    const total = rec.servicos.reduce((s, e) => s + e.duracaoMin, 0);
    table(
      doc,
      columns({ Data: 14, Feriado: 10, Entrada: 12, Saída: 12, Intervalo: 12, Duração: 12 }, ['Duração']),
      [
        ...rec.servicos.map((s) => [
          formatDate(s.dataservico),
          s.feriado ? 'Sim' : 'Não',
          hhmm(s.entradaservico),
          hhmm(s.saidaservico),
          formatMinutesAsHours(s.intervaloMin),
          formatMinutesAsHours(s.duracaoMin),
        ]),
        ['Total', '', '', '', '', formatMinutesAsHours(total)],
      ],
      { boldLast: true },
    );
  }
  if (rec.volta.length) {
    paragraph(doc, 'Viagem de Volta', { bold: true });
    table(
      doc,
      columns({ Data: 12, Saída: 9, Chegada: 9, Espera: 9, Duração: 9, Km: 9, Observação: 31 }, ['Km']),
      rec.volta.map((t) => [
        formatDate(t.datavolta),
        hhmm(t.saidavolta),
        hhmm(t.chegadavolta),
        formatMinutesAsHours(t.tempoEsperaMin),
        formatMinutesAsHours(t.duracaoMin),
        km(t.kmvolta),
        t.obsvolta,
      ]),
    );
  }
  if (!rec.ida.length && !rec.servicos.length && !rec.volta.length) paragraph(doc, 'Nenhum lançamento de horas.');

  heading(doc, 'Descrições');
  if (!rec.descricoes.length) paragraph(doc, 'Nenhuma descrição.');
  rec.descricoes.forEach((d, i) => {
    paragraph(doc, `${formatDate(d.data)}`, { bold: true });
    paragraph(doc, d.descricao);
    const photo = kind === 'pdfcompleto' && d.imagem ? images.get(d.imagem) : undefined;
    if (photo) image(doc, photo, { ...PHOTO_BOX, caption: `Foto da descrição ${i + 1} (${formatDate(d.data)})` });
    doc.moveDown(0.4);
  });

  if (kind === 'pdfcompleto') {
    heading(doc, 'Despesas');
    if (!rec.despesas.length) paragraph(doc, 'Nenhuma despesa.');
    else {
      const total = rec.despesas.reduce((s, d) => s + d.expense.valorCentavos, 0);
      table(
        doc,
        columns({ Data: 11, Documento: 12, Tipo: 14, Descrição: 34, Observação: 15, Valor: 14 }, ['Valor']),
        [
          ...rec.despesas.map(({ expense: e, tipo }) => [
            formatDate(e.data),
            e.docnr,
            tipo,
            e.descricao,
            e.observacao,
            formatCentavos(e.valorCentavos),
          ]),
          ['Total', '', '', '', '', formatCentavos(total)],
        ],
        { boldLast: true },
      );
      const byType = new Map<string, number>();
      for (const d of rec.despesas) byType.set(d.tipo, (byType.get(d.tipo) ?? 0) + d.expense.valorCentavos);
      doc.moveDown(0.3);
      table(
        doc,
        columns({ 'Tipo de despesa': 70, Total: 30 }, ['Total']),
        [...[...byType].map(([tipo, sum]) => [tipo, formatCentavos(sum)]), ['Total geral', formatCentavos(total)]],
        { boldLast: true },
      );
      const receipts = rec.despesas.filter((d) => d.expense.imagem && images.has(d.expense.imagem));
      if (receipts.length) {
        heading(doc, 'Comprovantes');
        for (const { expense: e, tipo } of receipts) {
          image(doc, images.get(e.imagem!)!, {
            ...PHOTO_BOX,
            caption: `${formatDate(e.data)} · Doc. ${e.docnr} · ${tipo} · ${formatCentavos(e.valorCentavos)}`,
          });
        }
      }
    }
  }

  heading(doc, 'Assinatura do Cliente');
  const sig = rec.assinatura;
  const sigImage = sig ? images.get(sig.imagem) : undefined;
  if (sig && sigImage) {
    image(doc, sigImage, SIGNATURE_BOX);
    paragraph(doc, `Assinado por: ${sig.signerName || order.responsavel || '-'}`);
    paragraph(doc, `Em: ${formatDateTime(sig.signedAt)}`);
  } else {
    paragraph(doc, 'Sem assinatura.');
  }

  if (rec.decisoes.length) {
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
}

/** The stored PDF's key carries its verification code: 'pdfs/os00042_completo_<CODE>_<stamp>_<rand>.pdf'. */
export function codeFromKey(key: string): string | null {
  const m = /_([0-9A-F]{16})_\d{14}_[0-9a-f]{8}\.pdf$/.exec(key);
  return m ? m[1]!.match(/.{4}/g)!.join('-') : null;
}

export function pdfDownloadName(numero: number, kind: OrderPdfKind): string {
  return kind === 'pdf' ? `OS_${padNumber(numero)}.pdf` : `OS_${padNumber(numero)}_completo.pdf`;
}

/** Renders an order PDF from its stored records (no storage writes). */
export async function renderOrderPdf(
  deps: DocumentDeps,
  orderId: number,
  kind: OrderPdfKind,
  user: Pick<SessionUser, 'username'>,
  now = new Date(),
  loaded?: OrderRecord,
) {
  const rec = loaded ?? (await loadOrderRecord(deps.db, orderId));
  const keys = new Set<string>();
  if (rec.assinatura) keys.add(rec.assinatura.imagem);
  for (const d of rec.decisoes) if (d.assinatura) keys.add(d.assinatura);
  if (kind === 'pdfcompleto') {
    for (const d of rec.descricoes) if (d.imagem) keys.add(d.imagem);
    for (const d of rec.despesas) if (d.expense.imagem) keys.add(d.expense.imagem);
  }
  // Each picture re-encoded at the size it is printed (docs/rules.md#beyond-the-old-product), all at once before drawing.
  const images = new Map<string, Buffer>();
  await Promise.all(
    [...keys].map(async (key) => {
      const data = await readStored(deps.storage, key);
      const signature = key === rec.assinatura?.imagem || rec.decisoes.some((d) => d.assinatura === key);
      if (data) images.set(key, await fitForPrint(data, signature ? SIGNATURE_BOX : PHOTO_BOX));
    }),
  );
  const code = verificationCode(orderContentForHash(rec, kind));
  const title = kind === 'pdf' ? `OS ${padNumber(rec.order.numero)}` : `OS ${padNumber(rec.order.numero)} - completa`;
  const pdf = await renderPdf({ title, footer: { generatedAt: now, generatedBy: user.username, code } }, (doc) =>
    drawOrder(doc, rec, images, kind),
  );
  return { pdf, code, order: rec.order };
}

/**
 * Generates an order PDF, stores it as a new file (the order's pointer switches in one update, so
 * a reader never sees half a file) and removes the previous one unless a sent e-mail refers to it
 * (docs/rules.md#beyond-the-old-product: what a customer received stays as it was).
 */
export async function generateOrderPdf(
  deps: DocumentDeps,
  orderId: number,
  kind: OrderPdfKind,
  user: SessionUser,
  loaded?: OrderRecord,
): Promise<PdfGenerationResult & { key: string }> {
  const { pdf, code, order } = await renderOrderPdf(deps, orderId, kind, user, new Date(), loaded);
  const prefix = `os${padNumber(order.numero)}_${kind === 'pdf' ? 'folha' : 'completo'}_${code.replace(/-/g, '')}`;
  const key = await deps.storage.put('pdfs', pdf, storedName(prefix, 'pdf'));
  const column = kind === 'pdf' ? 'pdfFile' : 'pdfcompletoFile';
  const previous = order[column];
  await deps.db
    .update(orders)
    .set({ [column]: key })
    .where(eq(orders.id, orderId));
  await recordAudit(deps.db, {
    entity: 'order',
    entityId: orderId,
    orderId,
    action: 'update',
    user,
    changes: { [kind]: { antes: previous ? codeFromKey(previous) : null, depois: code } },
  });
  if (previous && previous !== key) await removeUnlessSent(deps, previous);
  return {
    success: true,
    error: null,
    filename: pdfDownloadName(order.numero, kind),
    filePath: `/api/os/${orderId}/${kind === 'pdf' ? 'pdfviewer' : 'pdfcompleto_os'}`,
    hash: code,
    key,
  };
}

async function removeUnlessSent(deps: DocumentDeps, key: string) {
  const [sent] = await deps.db.select({ id: sentEmails.id }).from(sentEmails).where(eq(sentEmails.anexoFile, key)).limit(1);
  if (!sent) await deps.storage.remove(key).catch(() => undefined);
}

/**
 * The order's PDF as the order is now (docs/rules.md#daily-use): the stored file when its
 * verification code still matches the order's content, else a new version made first (the earlier
 * one stays when a sent e-mail refers to it). With `onlyIfMade`, an order that never had this PDF
 * answers null instead of getting one.
 */
export async function currentOrderPdf(
  deps: DocumentDeps,
  orderId: number,
  kind: OrderPdfKind,
  user: SessionUser,
  opts: { onlyIfMade?: boolean } = {},
): Promise<{ key: string; hash: string } | null> {
  const rec = await loadOrderRecord(deps.db, orderId);
  const stored = kind === 'pdf' ? rec.order.pdfFile : rec.order.pdfcompletoFile;
  if (!stored && opts.onlyIfMade) return null;
  if (stored) {
    const code = codeFromKey(stored);
    if (code && code === verificationCode(orderContentForHash(rec, kind)) && (await deps.storage.exists(stored)))
      return { key: stored, hash: code };
  }
  const made = await generateOrderPdf(deps, orderId, kind, user, rec);
  return { key: made.key, hash: made.hash };
}

/**
 * The verification code the order's PDF of this kind has as the order is now, without making it, and
 * the order's version for the client's decision (docs/rules.md#portal): the code of its content without
 * the decisions, so printing an approval does not make a new version to approve.
 */
export async function orderPdfCodes(db: Db, orderId: number, kind: OrderPdfKind = 'pdf') {
  const rec = await loadOrderRecord(db, orderId);
  return {
    code: verificationCode(orderContentForHash(rec, kind)),
    version: verificationCode(orderContentForHash({ ...rec, decisoes: [] }, kind)),
  };
}

/** The order's full PDF for an e-mail attachment, made when missing or outdated: its storage key and code. */
export function ensureFullOrderPdf(
  deps: DocumentDeps,
  orderId: number,
  user: SessionUser,
): Promise<{ key: string; hash: string }> {
  return currentOrderPdf(deps, orderId, 'pdfcompleto', user) as Promise<{ key: string; hash: string }>;
}

/** docs/rules.md#permissions: an order's PDF is for admins and for the user or technician it is assigned to. */
export function mayViewOrderPdf(user: SessionUser, order: Pick<OrderRow, 'technicianId'>): boolean {
  return user.role === 'admin' || order.technicianId === user.id;
}

/** The order's PDF as it is now, for the viewer and downloads (404 'PDF não disponível para esta OS.' when none). */
export async function readOrderPdf(deps: DocumentDeps, orderId: number, kind: OrderPdfKind, user: SessionUser) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound(MSG_ORDER_NOT_FOUND);
  if (!mayViewOrderPdf(user, order)) throw forbidden(MSG_ORDER_NOT_YOURS);
  const current = await currentOrderPdf(deps, orderId, kind, user, { onlyIfMade: true });
  const data = await readStored(deps.storage, current?.key);
  if (!data) throw notFound(CLOSING_MSG.pdfNotAvailable);
  return { data, filename: pdfDownloadName(order.numero, kind) };
}

/**
 * What an order PDF's verification code covers (docs/rules.md#daily-use): every datum its profile prints,
 * timestamps of generation excluded. The office's kinds keep the exact content they always had, so the
 * codes of PDFs already made and of decisions already taken stay valid.
 */
import { verificationCode } from '../../../platform/pdf';
import type { OrderPdfSection } from './kit';
import type { OrderRecord } from './load';
import { type OrderPdfKind, type OrderPdfProfile, PROFILES } from './profiles';
import { SECTIONS } from './sections';

const strip = <T extends object>(r: T) => {
  const { createdAt: _c, updatedAt: _u, idempotencyKey: _i, ...rest } = r as T & Record<string, unknown>;
  return rest;
};

/** A service day as the client's copy prints it: the day and its times. */
const serviceTimes = (s: OrderRecord['servicos'][number]) => ({
  dataservico: s.dataservico,
  entradaservico: s.entradaservico,
  saidaservico: s.saidaservico,
  intervaloMin: s.intervaloMin,
});

function contentOf(rec: OrderRecord, kind: OrderPdfKind) {
  const { details, sections }: OrderPdfProfile = PROFILES[kind];
  const { pdfFile: _p, pdfcompletoFile: _pc, ...order } = strip(rec.order);
  const content: Record<string, unknown> = {
    kind,
    company: rec.company ? { nome: rec.company.nome, cnpj: rec.company.cnpj, ie: rec.company.ie } : null,
    // The stored PDFs' keys change with every generation: they are not content.
    order,
    client: strip(rec.client),
    technician: rec.technician,
    equipment: rec.equipment,
    ida: details.trips ? rec.ida.map(strip) : [],
    servicos: rec.servicos.map((s) => (details.serviceHours ? strip(s) : serviceTimes(s))),
    volta: details.trips ? rec.volta.map(strip) : [],
    descricoes: rec.descricoes.map(strip),
    despesas: sections.includes('expenses') ? rec.despesas.map((d) => ({ ...strip(d.expense), tipo: d.tipo })) : [],
    assinatura: rec.assinatura ? strip(rec.assinatura) : null,
  };
  // The client's decisions at a distance (docs/rules.md#portal), only when there are some: an order
  // without any keeps the code it always had.
  if (rec.decisoes.length)
    content.decisoes = rec.decisoes.map(({ createdAt, userAgent: _ua, ...d }) => ({ ...d, em: createdAt.toISOString() }));
  for (const name of sections) {
    const section: OrderPdfSection = SECTIONS[name];
    const own = section.content?.(rec, details);
    if (own != null && !(Array.isArray(own) && !own.length)) content[name] = own;
  }
  return content;
}

/** The verification code of the order's PDF of that kind as the record is. */
export const codeOf = (rec: OrderRecord, kind: OrderPdfKind) => verificationCode(contentOf(rec, kind));

/**
 * The order's version for the client's decision (docs/rules.md#portal): what the client's copy prints,
 * without the decisions (printing one does not make a new version to decide on), the status (the closing
 * and any status change keep the approval) and the agenda's sequence. What only the office's PDFs print
 * (expenses, values, hours, km) is not in it either.
 */
export function versionOf(rec: OrderRecord): string {
  const content = contentOf({ ...rec, decisoes: [] }, 'cliente');
  const { status: _s, agendaSequencia: _a, ...order } = content.order as Record<string, unknown>;
  return verificationCode({ ...content, order, version: 'cliente' });
}

/**
 * The version decisions taken before the client's copy was their version were stored with: the order
 * sheet's code without the decisions. Such a decision stays current while that code does.
 */
export const sheetVersionOf = (rec: OrderRecord) => codeOf({ ...rec, decisoes: [] }, 'pdf');

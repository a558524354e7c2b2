/**
 * 'Mensagens enviadas' (docs/rules.md#whatsapp): the e-mails of the sent-mail history and the WhatsApp
 * messages in one list, newest first, with a canal column and each one's real status. A scheduling
 * message replaced before it went out (the plan settled) is not a message sent and is not listed.
 */
import { BUSINESS_TIME_ZONE, type MessageFilters, type SentMessage } from '@os/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

const unionOfChannels = sql`
  select id, 'E-mail' as canal, email as destinatario, subject as assunto, status, erro, data_envio as enviado_em,
    case when tipo <> 'Fechamento' and numero ~ '^[0-9]{1,9}$' then numero::int end as os_numero, nome_cliente
  from sent_emails
  union all
  select id, 'WhatsApp', destinatario, modelo, status, erro, coalesce(enviado_em, created_at), os_numero, nome_cliente
  from whatsapp_messages where status <> 'Substituída'`;

export async function listMessages(db: Db, filters: MessageFilters): Promise<{ items: SentMessage[]; total: number }> {
  const where: SQL[] = [];
  if (filters.canal) where.push(sql`canal = ${filters.canal}`);
  if (filters.status) where.push(sql`status = ${filters.status}`);
  // Data Início from 00:00 and Data Final to 23:59:59, both inclusive, on the company's clock.
  const localDay = sql`(enviado_em at time zone ${BUSINESS_TIME_ZONE})::date`;
  if (filters.dataInicio) where.push(sql`${localDay} >= ${filters.dataInicio}::date`);
  if (filters.dataFinal) where.push(sql`${localDay} <= ${filters.dataFinal}::date`);
  const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const { offset, limit } = filters;
  const rows = (await db.execute(sql`
    select *, count(*) over ()::int as total from (${unionOfChannels}) m ${filter}
    order by enviado_em desc, canal, id desc limit ${limit} offset ${offset}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  let total = Number(rows.rows[0]?.total ?? 0);
  if (!rows.rows.length && offset > 0) {
    const counted = (await db.execute(sql`select count(*)::int as n from (${unionOfChannels}) m ${filter}`)) as unknown as {
      rows: { n: number }[];
    };
    total = Number(counted.rows[0]?.n ?? 0);
  }
  const items: SentMessage[] = rows.rows.map((r) => ({
    id: Number(r.id),
    canal: r.canal as SentMessage['canal'],
    destinatario: String(r.destinatario),
    assunto: String(r.assunto),
    status: r.status as SentMessage['status'],
    erro: (r.erro as string | null) ?? null,
    enviadoEm: new Date(r.enviado_em as string).toISOString(),
    osNumero: r.os_numero === null || r.os_numero === undefined ? null : Number(r.os_numero),
    nomeCliente: String(r.nome_cliente ?? ''),
  }));
  return { items, total };
}

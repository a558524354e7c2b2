import { type Client, type ClientInput, REGISTER_MSG, type SessionUser } from '@os/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, counters, orders } from '../../db/schema';
import { containsFolded } from '../../db/search';
import { conflict, firstOrNotFound, uniqueValue, writeUnique } from '../../platform/errors';
import { auditedCreate, auditedDelete, auditedUpdate } from '../audit/audit.service';

type ClientRow = typeof clients.$inferSelect;

/** The API shape: both `estado` and `uf`, both `razao` and `nome` (docs/rules.md#fixed-defects). */
export function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    codigo: row.codigo,
    razao: row.razao,
    nome: row.razao,
    fantasia: row.fantasia,
    cnpj: row.cnpj,
    cep: row.cep,
    endereco: row.endereco,
    bairro: row.bairro,
    cidade: row.cidade,
    estado: row.estado,
    uf: row.estado,
    contato: row.contato,
    email: row.email,
    fone: row.fone,
    percentual: Number(row.percentual),
    obs: row.obs,
  };
}

/** The stored columns of an input ('percentual' is numeric: kept as text to stay exact). */
function toColumns(input: ClientInput) {
  return { ...input, percentual: String(input.percentual) };
}

/** The auditable fields of a client, in the API's words. */
function auditFields(c: Client) {
  const { id: _id, nome: _nome, uf: _uf, ...fields } = c;
  return fields;
}

/** docs/rules.md#validation and docs/rules.md#daily-use: a substring of razao plus fantasia, accents and case ignored. */
function searchCondition(search: string | undefined) {
  const term = search?.trim();
  if (!term) return undefined;
  return containsFolded(sql`(${clients.razao} || ' ' || ${clients.fantasia})`, term);
}

export async function listClients(db: Db, query: { search?: string; limit?: number; offset?: number }) {
  const where = searchCondition(query.search);
  const [total] = await db.select({ n: count() }).from(clients).where(where);
  let select = db.select().from(clients).where(where).orderBy(asc(clients.codigo)).$dynamic();
  if (query.limit !== undefined) select = select.limit(query.limit);
  if (query.offset !== undefined) select = select.offset(query.offset);
  const rows = await select;
  return { items: rows.map(toClient), total: total?.n ?? 0 };
}

const findClient = (db: Db, id: number): Promise<ClientRow> =>
  firstOrNotFound(db.select().from(clients).where(eq(clients.id, id)).limit(1));

/** CNPJs are unique (409). */
const cnpjUnique = (cnpj: string, exceptId?: number) =>
  uniqueValue(clients, eq(clients.cnpj, cnpj), REGISTER_MSG.clientDuplicateCnpj, exceptId);

/** `codigo` comes from the 'clients' counter, taken inside the insert's transaction. */
export async function createClient(db: Db, user: SessionUser, input: ClientInput): Promise<Client> {
  return writeUnique(db, cnpjUnique(input.cnpj), () =>
    auditedCreate(
      db,
      { entity: 'client', user },
      async (tx) => {
        const [counter] = await tx
          .update(counters)
          .set({ value: sql`${counters.value} + 1` })
          .where(eq(counters.name, 'clients'))
          .returning({ value: counters.value });
        const [row] = await tx
          .insert(clients)
          .values({ ...toColumns(input), codigo: counter?.value ?? 1 })
          .returning();
        return toClient(row!);
      },
      auditFields,
    ),
  );
}

export async function updateClient(db: Db, user: SessionUser, id: number, input: ClientInput): Promise<Client> {
  const before = toClient(await findClient(db, id));
  return writeUnique(db, cnpjUnique(input.cnpj, id), () =>
    auditedUpdate(
      db,
      { entity: 'client', user, id },
      auditFields(before),
      async (tx) => {
        const [row] = await tx
          .update(clients)
          .set({ ...toColumns(input), updatedAt: new Date() })
          .where(eq(clients.id, id))
          .returning();
        return toClient(row!);
      },
      auditFields,
    ),
  );
}

/** A client used by orders is kept (docs/rules.md#fixed-defects): 409 with the reason. */
export async function deleteClient(db: Db, user: SessionUser, id: number): Promise<void> {
  const client = toClient(await findClient(db, id));
  const [used] = await db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, id)).limit(1);
  if (used) throw conflict(REGISTER_MSG.clientInUse);
  await auditedDelete(db, { entity: 'client', user, id }, auditFields(client), (tx) =>
    tx.delete(clients).where(eq(clients.id, id)),
  );
}

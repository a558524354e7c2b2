import { type Company, type CompanyInput, REGISTER_MSG, type SessionUser } from '@os/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { firstOrNotFound, refuseTaken } from '../../platform/errors';
import { auditedCreate, auditedDelete, auditedUpdate } from '../audit/audit.service';

const columns = { id: companies.id, nome: companies.nome, cnpj: companies.cnpj, ie: companies.ie };

export function listCompanies(db: Db): Promise<Company[]> {
  return db.select(columns).from(companies).orderBy(asc(companies.id));
}

const findCompany = (db: Db, id: number): Promise<Company> =>
  firstOrNotFound(db.select(columns).from(companies).where(eq(companies.id, id)).limit(1));

/** The CNPJ is optional for a company, but two companies never share one. */
async function assertCnpjFree(db: Db, cnpj: string, exceptId?: number) {
  if (cnpj) await refuseTaken(db, companies, eq(companies.cnpj, cnpj), REGISTER_MSG.companyDuplicateCnpj, exceptId);
}

export async function createCompany(db: Db, user: SessionUser, input: CompanyInput): Promise<Company> {
  await assertCnpjFree(db, input.cnpj);
  return auditedCreate(
    db,
    { entity: 'company', user },
    async (tx) => (await tx.insert(companies).values(input).returning(columns))[0]!,
    () => input,
  );
}

export async function updateCompany(db: Db, user: SessionUser, id: number, input: CompanyInput): Promise<Company> {
  const before = await findCompany(db, id);
  await assertCnpjFree(db, input.cnpj, id);
  return auditedUpdate(
    db,
    { entity: 'company', user, id },
    before,
    async (tx) =>
      (
        await tx
          .update(companies)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(companies.id, id))
          .returning(columns)
      )[0]!,
  );
}

export async function deleteCompany(db: Db, user: SessionUser, id: number): Promise<void> {
  const before = await findCompany(db, id);
  await auditedDelete(db, { entity: 'company', user, id }, before, (tx) => tx.delete(companies).where(eq(companies.id, id)));
}

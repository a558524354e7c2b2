import { type Company, type CompanyInput, REGISTER_MSG, type SessionUser } from '@os/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { refuseTaken } from '../../platform/errors';
import { auditedRegister } from '../audit/audited-register';

const columns = { id: companies.id, nome: companies.nome, cnpj: companies.cnpj, ie: companies.ie };

/** A company's reads and audited writes. */
const register = auditedRegister<Company, CompanyInput>('company', companies, columns, (input) => ({
  ...input,
  updatedAt: new Date(),
}));

export const listCompanies = (db: Db): Promise<Company[]> => register.list(db);

/** The CNPJ is optional for a company, but two companies never share one. */
async function assertCnpjFree(db: Db, cnpj: string, exceptId?: number) {
  if (cnpj) await refuseTaken(db, companies, eq(companies.cnpj, cnpj), REGISTER_MSG.companyDuplicateCnpj, exceptId);
}

export async function createCompany(db: Db, user: SessionUser, input: CompanyInput): Promise<Company> {
  await assertCnpjFree(db, input.cnpj);
  return register.create(db, user, input);
}

export async function updateCompany(db: Db, user: SessionUser, id: number, input: CompanyInput): Promise<Company> {
  const before = await register.find(db, id);
  await assertCnpjFree(db, input.cnpj, id);
  return register.update(db, user, id, before, input);
}

export async function deleteCompany(db: Db, user: SessionUser, id: number): Promise<void> {
  await register.remove(db, user, id, await register.find(db, id));
}

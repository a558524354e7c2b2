/**
 * The registers of docs/rules.md#entities, docs/api.md#registers: clients, expense types, companies, users and system
 * parameters. One Zod schema per payload, used by the forms and by the API routes.
 */

import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_WEAK, passwordLooksLikeLogin } from './auth';
import { isValidCnpj, normalizeCnpj } from './cnpj';
import { EDGE_MSG, hint, whenMissing } from './edge';
import { recordIdSchema, searchedListQuery } from './edge-schemas';
import { ROLES, type Role } from './roles';
import { z } from './zod';

/** Portuguese texts of the register screens and API answers (docs/screens.md#clientes, docs/screens.md#tipodespesas, docs/screens.md#empresas, docs/screens.md#users, docs/rules.md#validation, docs/api.md#errors). */
export const REGISTER_MSG = {
  clientRequired: 'Preencha razao, cnpj e e-mail do cliente.',
  clientUpdated: 'Cliente atualizado com sucesso.',
  clientUpdateFailed: 'Não foi possível atualizar o cliente.',
  clientCreated: 'Cliente cadastrado com sucesso.',
  clientDeleted: 'Cliente excluído com sucesso.',
  clientDeleteConfirm: 'Tem certeza que deseja excluir este cliente?',
  clientInUse: 'Este cliente possui ordens de serviço e não pode ser excluído.',
  clientDuplicateCnpj: 'Já existe um cliente com este CNPJ.',
  cnpjInvalid: 'CNPJ inválido.',
  cepInvalid: 'CEP inválido: informe 8 dígitos.',
  ufInvalid: 'UF inválida.',
  emailInvalid: 'E-mail inválido.',
  percentualInvalid: 'Percentual inválido: informe um número maior ou igual a zero.',
  expenseTypeRequired: 'Preencha o tipo de despesa.',
  expenseTypeSaved: 'Tipo de despesa salvo com sucesso.',
  expenseTypeDeleted: 'Tipo de despesa excluído com sucesso.',
  expenseTypeDeleteConfirm: 'Tem certeza que deseja excluir este tipo de despesa?',
  expenseTypeInUse: 'Este tipo de despesa é usado em despesas lançadas e não pode ser excluído.',
  expenseTypeDuplicate: 'Já existe um tipo de despesa com este nome.',
  companyRequired: 'Preencha o nome da empresa.',
  companySaved: 'Empresa salva com sucesso.',
  companyDeleted: 'Empresa excluída com sucesso.',
  companyDeleteConfirm: 'Tem certeza que deseja excluir esta empresa?',
  companyDuplicateCnpj: 'Já existe uma empresa com este CNPJ.',
  userRequired: 'Por favor, preencha todos os campos obrigatórios.',
  userRolePlaceholder: 'Selecione o tipo de usuário',
  userSaved: 'Usuário salvo com sucesso.',
  userDeleted: 'Usuário excluído com sucesso.',
  userDeleteConfirm: 'Tem certeza que deseja excluir este usuário?',
  userPasswordShort: `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres.`,
  userDuplicateUsername: 'Já existe um usuário com este login.',
  userDuplicateEmail: 'Já existe um usuário com este e-mail.',
  userDeleteSelf: 'Você não pode excluir o seu próprio usuário.',
  userLastAdmin: 'Não é possível remover ou rebaixar o último administrador.',
  userInUse: 'Este usuário está atribuído a ordens de serviço e não pode ser excluído.',
  parameterSaved: 'Parâmetro atualizado com sucesso.',
  valorInvalid: 'Valor inválido: informe um número maior ou igual a zero, com até 2 casas decimais.',
  saveFailed: 'Não foi possível salvar.',
  deleteFailed: 'Não foi possível excluir.',
} as const;

/** The 27 federative units, for the client's state list. */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type Uf = (typeof UFS)[number];

/** docs/rules.md#constants. */
export const CLIENT_PAGE_SIZE = 7;
export const CLIENT_PAGE_JUMP = 10;
export const DEFAULT_PERCENTUAL = 1.35;

// E-mails follow the browser's type="email" rule (z.regexes.html5Email): the seeded 'admin@localhost' stays valid.

/** Optional free text: absent or null becomes ''. */
const text = (max: number) => z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(max));

/** A decimal given as a number or as text with a comma or a point ('1,35'). */
function decimalInput(message: string) {
  return z.preprocess(
    (v) => {
      if (typeof v === 'string') {
        const t = v.trim().replace(/\s/g, '');
        if (t === '') return Number.NaN;
        // '1.234,56' -> '1234.56'; '1,35' -> '1.35'
        const n = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
        return /^-?\d+(\.\d+)?$/.test(n) ? Number(n) : Number.NaN;
      }
      return v;
    },
    z.number({ error: message }).finite({ error: message }).nonnegative({ error: message }),
  );
}

const optionalCnpj = z.preprocess(
  (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? normalizeCnpj(v) : v),
  z.string().refine((c) => c === '' || isValidCnpj(c), { error: REGISTER_MSG.cnpjInvalid }),
);

// ---------------------------------------------------------------- clients

export const clientInputSchema = z.preprocess(
  // The list reads `uf` while the form sends `estado` (docs/rules.md#entities): accept either.
  (v) => (v && typeof v === 'object' && !('estado' in v) && 'uf' in v ? { ...v, estado: (v as { uf: unknown }).uf } : v),
  z.object({
    razao: z.string(whenMissing(REGISTER_MSG.clientRequired)).trim().min(1, { error: REGISTER_MSG.clientRequired }).max(200),
    fantasia: text(200),
    cnpj: z
      .string(whenMissing(REGISTER_MSG.clientRequired))
      .max(40)
      .transform(normalizeCnpj)
      .pipe(z.string().min(1, { error: REGISTER_MSG.clientRequired }).refine(isValidCnpj, { error: REGISTER_MSG.cnpjInvalid })),
    cep: z.preprocess(
      (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.replace(/[.\-\s]/g, '') : v),
      z.string().regex(/^(\d{8})?$/, { error: REGISTER_MSG.cepInvalid }),
    ),
    endereco: text(200),
    bairro: text(100),
    cidade: text(100),
    estado: z.preprocess(
      (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.union([z.literal(''), z.enum(UFS)], { error: REGISTER_MSG.ufInvalid }),
    ),
    contato: text(100),
    email: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      z
        .string()
        .max(200)
        .pipe(
          z.union([z.literal(''), z.email({ pattern: z.regexes.html5Email, error: REGISTER_MSG.emailInvalid })], {
            error: REGISTER_MSG.emailInvalid,
          }),
        ),
    ),
    fone: text(40),
    percentual: z.preprocess(
      (v) => (v === null || v === undefined || v === '' ? DEFAULT_PERCENTUAL : v),
      decimalInput(REGISTER_MSG.percentualInvalid).pipe(z.number().max(1000, { error: REGISTER_MSG.percentualInvalid })),
    ),
    obs: text(2000),
  }),
);
export type ClientInput = z.output<typeof clientInputSchema>;

/** A client as the API answers it: `estado` and `uf`, `razao` and `nome` (docs/rules.md#fixed-defects). */
export type Client = {
  id: number;
  codigo: number;
  razao: string;
  nome: string;
  fantasia: string;
  cnpj: string;
  cep: string;
  endereco: string;
  bairro: string;
  cidade: string;
  estado: string;
  uf: string;
  contato: string;
  email: string;
  fone: string;
  percentual: number;
  obs: string;
};

export const clientListQuerySchema = searchedListQuery({});

// ---------------------------------------------------------------- expense types

export const expenseTypeInputSchema = z.object({
  despesa: z
    .string(whenMissing(REGISTER_MSG.expenseTypeRequired))
    .trim()
    .min(1, { error: REGISTER_MSG.expenseTypeRequired })
    .max(100),
});
export type ExpenseTypeInput = z.output<typeof expenseTypeInputSchema>;
export type ExpenseType = {
  id: number;
  despesa: string;
};

// ---------------------------------------------------------------- companies

export const companyInputSchema = z.object({
  nome: z.string(whenMissing(REGISTER_MSG.companyRequired)).trim().min(1, { error: REGISTER_MSG.companyRequired }).max(200),
  cnpj: optionalCnpj,
  ie: text(30),
});
export type CompanyInput = z.output<typeof companyInputSchema>;
export type Company = {
  id: number;
  nome: string;
  cnpj: string;
  ie: string;
};

// ---------------------------------------------------------------- users

const requiredText = (max: number) =>
  z.string(whenMissing(REGISTER_MSG.userRequired)).trim().min(1, { error: REGISTER_MSG.userRequired }).max(max);

const userFields = {
  nome_completo: text(200),
  username: requiredText(64),
  email: z
    .string(whenMissing(REGISTER_MSG.userRequired))
    .trim()
    .min(1, { error: REGISTER_MSG.userRequired })
    .max(200)
    .pipe(z.email({ pattern: z.regexes.html5Email, error: REGISTER_MSG.emailInvalid })),
  role: z.enum(ROLES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === '' ? REGISTER_MSG.userRequired : undefined,
  }),
  /** false disables the account (its sessions end); absent keeps it as it is. */
  active: z.boolean().optional(),
};

const password = z
  .string(whenMissing(REGISTER_MSG.userRequired))
  .min(1, { error: REGISTER_MSG.userRequired })
  .min(PASSWORD_MIN, { error: REGISTER_MSG.userPasswordShort })
  .max(PASSWORD_MAX);

/** A password like the login or the name is refused on the field (docs/rules.md#accounts). */
function notLikeLogin(value: { username: string; nome_completo?: string; password?: string }, ctx: z.RefinementCtx) {
  if (value.password && passwordLooksLikeLogin(value.password, { username: value.username, nome: value.nome_completo })) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_WEAK });
  }
}

export const userCreateSchema = z.object({ ...userFields, password }).superRefine(notLikeLogin);
/** On edit the password changes only when it is filled (docs/rules.md#fixed-defects). */
export const userUpdateSchema = z
  .object({
    ...userFields,
    password: z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional()),
  })
  .superRefine(notLikeLogin);
export type UserCreateInput = z.output<typeof userCreateSchema>;
export type UserUpdateInput = z.output<typeof userUpdateSchema>;

/** What GET /api/users answers (docs/rules.md#permissions): never a password. */
export type UserSummary = {
  id: number;
  nome_completo: string;
  username: string;
  email: string;
  role: Role;
};

/** The 'Senha' column never shows the password (docs/rules.md#fixed-defects). */
export const PASSWORD_MASK = '••••••';

// ---------------------------------------------------------------- system parameters

/** 'HH:mm', 00:00 to 23:59, and 24:00 for a band that runs to the end of the day. */
export const hhmmSchema = z
  .string(hint(EDGE_MSG.time))
  .trim()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, hint(EDGE_MSG.time));

export const parameterInputSchema = z.object({
  id: recordIdSchema.optional(),
  tipo: z.string().trim().max(100).optional(),
  inicio: hhmmSchema,
  fim: hhmmSchema,
  valor: decimalInput(REGISTER_MSG.valorInvalid).pipe(
    z
      .number()
      .max(1_000_000, { error: REGISTER_MSG.valorInvalid })
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: REGISTER_MSG.valorInvalid }),
  ),
});
export type ParameterInput = z.output<typeof parameterInputSchema>;
export type SystemParameter = {
  id: number;
  tipo: string;
  inicio: string;
  fim: string;
  /** Reais with two decimals (docs/rules.md#api-conventions). */
  valor: number;
};

/**
 * Text, ids and messages at the edge (docs/rules.md#edge-input, docs/rules.md#validation): what every
 * text the API takes must be, the database's integer range, and the one mapping of validation issues
 * to Portuguese sentences that the forms and the API both show.
 *
 * Every message names the field in its screen words and says what is expected:
 * '<Rótulo>: <o que se espera>'. Statements keep their capital ('Máximo de 200 caracteres.',
 * 'Texto com caracteres inválidos.'), instructions continue the label in lower case
 * ('Km: informe um número, como 120 ou 120,5.'), as docs/rules.md#edge-input quotes them.
 */
import type { z } from 'zod';

/** Largest id the database holds (PostgreSQL `integer`). */
export const DB_INT_MAX = 2_147_483_647;

export const EDGE_MSG = {
  invalidChars: 'Texto com caracteres inválidos.',
  number: 'informe um número, como 120 ou 120,5.',
  integer: 'informe um número inteiro, como 12.',
  recordId: 'informe o número de um registro existente.',
  positive: 'informe um número maior que zero.',
  required: 'preencha este campo.',
  text: 'informe um texto.',
  single: 'informe um só valor, não uma lista.',
  yesNo: 'informe sim ou não.',
  list: 'informe uma lista.',
  email: 'informe um e-mail válido, como nome@empresa.com.br.',
  date: 'informe uma data válida, como 2025-01-31 (ano, mês e dia).',
  time: 'informe a hora no formato HH:mm, como 08:30.',
  digits: 'informe somente dígitos.',
  unknownField: 'campo não esperado.',
  invalid: 'valor inválido.',
  chooseOne: 'escolha um valor da lista.',
} as const;

/**
 * Field names of the API and forms in their screen words (the labels of the forms in apps/web).
 * A name with no entry is shown as it is; shared/src/edge.test.ts checks that every field of every
 * shared schema has one.
 */
export const FIELD_LABELS: Record<string, string> = {
  // equipment (docs/rules.md#equipment)
  equipamentoId: 'Equipamento do cliente',
  equipamentoIds: 'Equipamentos',
  tecnicos: 'Técnico',
  // portal requests and sign-in (docs/rules.md#portal)
  urgencia: 'Urgência',
  situacao: 'Situação',
  destino: 'Destino',
  fabricante: 'Fabricante',
  modelo: 'Modelo',
  numeroSerie: 'Número de série',
  local: 'Local',
  dataInstalacao: 'Data de instalação',
  periodicidadeMeses: 'Periodicidade',
  proximaManutencao: 'Próxima manutenção',
  ate: 'Até',
  ids: 'Equipamentos',
  // orders
  numero: 'Número',
  data: 'Data',
  cliente: 'Cliente',
  clienteId: 'Cliente',
  responsavel: 'Responsável',
  cidade: 'Cidade',
  engenheiro: 'Técnico',
  equipamento: 'Equipamento',
  nr_peca: 'Nr Peça',
  nr_serie: 'Nr Serie',
  motivo: 'Motivo',
  status: 'Status',
  endDate: 'Data de conclusão',
  pdf: 'PDF',
  pdfcompleto: 'PDF completo',
  q: 'Busca',
  search: 'Busca',
  limit: 'Itens por página',
  offset: 'Início da página',
  page: 'Página',
  dataInicio: 'Data Início',
  dataFim: 'Data Fim',
  dataFinal: 'Data Final',
  id: 'Código',
  osId: 'OS',
  os: 'OS',
  osIds: 'OS',
  numeroos: 'OS',
  osnumber: 'OS',
  osnumero: 'OS',
  ordemServicoId: 'OS',
  // agenda
  agendaInicio: 'Início',
  agendaFim: 'Fim',
  tecnicoId: 'Técnico',
  tecnico: 'Técnico',
  // clients
  codigo: 'Código',
  razao: 'Razão Social',
  fantasia: 'Nome Fantasia',
  cnpj: 'CNPJ',
  cep: 'CEP',
  endereco: 'Endereço',
  bairro: 'Bairro',
  estado: 'Estado (UF)',
  uf: 'Estado (UF)',
  contato: 'Contato',
  email: 'E-mail',
  fone: 'Telefone',
  percentual: 'Percentual',
  obs: 'Observações',
  // expense types, companies, users, parameters
  despesa: 'Tipo de despesa',
  nome: 'Nome',
  ie: 'Inscr. Estadual',
  nome_completo: 'Nome Completo',
  nomeCompleto: 'Nome completo',
  username: 'Login',
  login: 'Login',
  password: 'Senha',
  pass: 'Senha',
  role: 'Tipo',
  active: 'Ativo',
  tipo: 'Tipo Hora',
  inicio: 'Inicio',
  fim: 'Fim',
  valor: 'Valor (R$)',
  // timesheet
  dataida: 'Data',
  saidaida: 'Saída',
  chegadaida: 'Chegada',
  duracaoida: 'Duração',
  kmida: 'Km',
  obsida: 'Observação',
  dataservico: 'Data',
  feriado: 'Feriado',
  entradaservico: 'Entrada',
  saidaservico: 'Saída',
  intervalo: 'Intervalo (horas)',
  duracaoservico: 'Duração',
  datavolta: 'Data',
  saidavolta: 'Saída',
  chegadavolta: 'Chegada',
  duracaovolta: 'Duração',
  tempoEspera: 'Tempo de Espera',
  kmvolta: 'Km',
  obsvolta: 'Observação',
  // descriptions, signature, expenses
  descricao: 'Descrição',
  nomeFoto: 'Nome da foto',
  imagem: 'Imagem',
  image: 'Imagem',
  file: 'Arquivo',
  arquivo: 'Arquivo',
  filename: 'Arquivo',
  assinatura: 'Assinatura',
  // the client's rating in the portal (docs/rules.md#portal)
  nota: 'Nota',
  comentario: 'Comentário',
  docnr: 'Nº Documento',
  tipodespesa: 'Tipo de Despesa',
  observacao: 'Observação',
  // mail
  to: 'Email do Destinatário',
  subject: 'Assunto',
  tipoDocumento: 'Tipo Documento',
  numeroOS_Fechamento: 'Numero da OS ou Fechamento',
  html: 'Mensagem',
  text: 'Mensagem',
  mensagem: 'Mensagem',
  usuario: 'Usuário',
  clientId: 'Cliente',
  nomeCliente: 'Cliente',
  token: 'Link de recuperação',
  ativo: 'Ativo',
  // documents and utilities
  titulo: 'Título',
  conteudo: 'Conteúdo',
  nomeArquivo: 'Nome do arquivo',
  incluirData: 'Incluir data',
};

/** The screen words of the field at `path` (its last named key); '' for the whole body. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    if (typeof key === 'string') return FIELD_LABELS[key] ?? key;
  }
  return '';
}

/** The API's dotted name of the field at `path` ('osIds.0'). */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/**
 * 'Km: informe um número...'. Without a label (a union's branch, the whole body) the detail alone:
 * the union puts its own label in front, the API gives a body-level one its capital (sentence()).
 */
export function labelled(path: readonly PropertyKey[], detail: string): string {
  const label = fieldLabel(path);
  return label ? `${label}: ${detail}` : detail;
}

/** A message as a sentence: its first letter in capital. */
export function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** True when a text holds a NUL character or an unpaired surrogate (PostgreSQL refuses both). */
export function hasInvalidChars(value: string): boolean {
  if (value.includes('\u0000')) return true;
  const wellFormed = (value as { isWellFormed?: () => boolean }).isWellFormed;
  if (wellFormed) return !wellFormed.call(value);
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

/** The text with each NUL and unpaired surrogate replaced by U+FFFD (safe to show or log). */
export function replaceInvalidChars(value: string): string {
  return Array.from(value, (c) => (c === '\u0000' || (c.length === 1 && c >= '\uD800' && c <= '\uDFFF') ? '\uFFFD' : c)).join('');
}

/** The first text inside `value` (strings, keys, array items, nested) that hasInvalidChars, with its path. */
export function findInvalidText(value: unknown, path: PropertyKey[] = [], depth = 0): PropertyKey[] | undefined {
  if (typeof value === 'string') return hasInvalidChars(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findInvalidText(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasInvalidChars(key)) return [...path, replaceInvalidChars(key)];
    const found = findInvalidText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

const numberFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const formatNumber = (n: number | bigint) => numberFormat.format(n);

function orList(values: readonly unknown[]): string {
  const items = values.map((v) => (v === '' ? '(vazio)' : String(v)));
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ou ${items.at(-1)}`;
}

type Issue = z.core.$ZodRawIssue;

/** What the field expects, for one issue (no label). */
function detailOf(issue: Issue): string {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined || input === null) return EDGE_MSG.required;
      if (Array.isArray(input) && issue.expected !== 'array') return EDGE_MSG.single;
      switch (issue.expected) {
        case 'number':
        case 'int':
        case 'bigint':
        case 'nan':
          return EDGE_MSG.number;
        case 'string':
          return EDGE_MSG.text;
        case 'boolean':
          return EDGE_MSG.yesNo;
        case 'array':
        case 'tuple':
        case 'set':
          return EDGE_MSG.list;
        case 'date':
          return EDGE_MSG.date;
        case 'object':
          return 'dados inválidos.';
        default:
          return EDGE_MSG.invalid;
      }
    }
    case 'too_big': {
      const max = issue.maximum as number | bigint;
      switch (issue.origin) {
        case 'string':
          return `Máximo de ${formatNumber(max)} caracteres.`;
        case 'array':
        case 'set':
          return `Máximo de ${formatNumber(max)} itens.`;
        case 'number':
        case 'int':
        case 'bigint':
          // An id beyond the database's range, or beyond what a number holds exactly.
          if (Number(max) >= DB_INT_MAX) return EDGE_MSG.recordId;
          return issue.inclusive === false
            ? `informe um número menor que ${formatNumber(max)}.`
            : `informe um número até ${formatNumber(max)}.`;
        default:
          return EDGE_MSG.invalid;
      }
    }
    case 'too_small': {
      const min = issue.minimum as number | bigint;
      switch (issue.origin) {
        case 'string':
          return Number(min) <= 1 ? EDGE_MSG.required : `Mínimo de ${formatNumber(min)} caracteres.`;
        case 'array':
        case 'set':
          return Number(min) <= 1 ? 'escolha ao menos um item.' : `Mínimo de ${formatNumber(min)} itens.`;
        case 'number':
        case 'int':
        case 'bigint':
          if (Number(min) <= -DB_INT_MAX) return EDGE_MSG.invalid;
          if (Number(min) === 0 && issue.inclusive === false) return EDGE_MSG.positive;
          return issue.inclusive === false
            ? `informe um número maior que ${formatNumber(min)}.`
            : `informe um número a partir de ${formatNumber(min)}.`;
        default:
          return EDGE_MSG.invalid;
      }
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return EDGE_MSG.email;
        case 'date':
        case 'datetime':
          return EDGE_MSG.date;
        case 'time':
          return EDGE_MSG.time;
        case 'starts_with':
        case 'ends_with':
        case 'includes':
        case 'regex':
        default:
          return EDGE_MSG.invalid;
      }
    case 'not_multiple_of':
      return EDGE_MSG.integer;
    case 'invalid_value':
      return issue.values.length > 0 && issue.values.length <= 6 ? `escolha ${orList(issue.values)}.` : EDGE_MSG.chooseOne;
    case 'unrecognized_keys':
      return EDGE_MSG.unknownField;
    case 'invalid_union': {
      // The branch whose type matched says best what is wrong; else say what the union takes.
      const branches = (issue.errors ?? []) as { code: string; message: string; expected?: string }[][];
      const matched = branches.find((b) => b.length > 0 && b[0]?.code !== 'invalid_type');
      if (matched?.[0]) return matched[0].message;
      if (input === undefined || input === null) return EDGE_MSG.required;
      if (Array.isArray(input)) return EDGE_MSG.single;
      // Say what the number branch says (an id's branch asks for an integer), else what a text needs.
      const numeric = branches.find((b) => b[0]?.expected === 'number');
      if (numeric?.[0]) return numeric[0].message;
      if (branches.some((b) => b[0]?.expected === 'string')) return EDGE_MSG.text;
      return EDGE_MSG.invalid;
    }
    default:
      return EDGE_MSG.invalid;
  }
}

/**
 * The message of a validation issue nobody wrote one for: label and expectation. Installed as
 * Zod's error map in ./zod.ts, so every schema (shared or the server's own) answers with it.
 */
export function issueMessage(issue: Issue): string {
  return labelled(issue.path ?? [], detailOf(issue));
}

/**
 * A message written for one field's check, with the field's label in front: `.regex(re, hint('informe ...'))`.
 * The path is known when the message is built, so the same check says 'Km: ...' or 'Intervalo (horas): ...'.
 * Sizes (too big, too small) keep their own sentence, which says the limit: given on a schema
 * (`z.coerce.number(hint(...))`), a hint is also what its checks without a message fall back to.
 */
export function hint(detail: string) {
  return {
    error: (issue: { path?: PropertyKey[]; code?: string }) =>
      issue.code === 'too_big' || issue.code === 'too_small' ? undefined : labelled(issue.path ?? [], detail),
  };
}

/**
 * A type-level message only for a missing or wrong-typed value (the old product's 'Preencha ...' texts):
 * `z.string(whenMissing(MSG))`. Given as `z.string({ error: MSG })` it would also answer a too-long
 * text, because a check without its own message falls back to its schema's.
 */
export function whenMissing(message: string) {
  return { error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? message : undefined) };
}

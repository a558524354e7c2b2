/**
 * Materials and stock (docs/rules.md#materials-and-stock): the register, the stock places, the ledger's
 * movements, the count of a vehicle and the materials of an order; payloads and texts shared by the
 * forms and the server. Quantities travel as numbers of the material's unit and are kept as integer
 * thousandths ('2,5 m' is 2500).
 */
import { whenMissing } from './edge';
import { flagFilter, pageQuery, recordIdSchema, searchedListQuery } from './edge-schemas';
import { parseValorToCentavos } from './expenses';
import { isIsoDate } from './orders';
import { z } from './zod';

export const UNIDADES = ['un', 'm', 'kg', 'l', 'cx', 'pc'] as const;
export type Unidade = (typeof UNIDADES)[number];
/** Units counted in whole numbers only. */
export const WHOLE_UNITS: readonly Unidade[] = ['un', 'cx', 'pc'];
export const MATERIAL_PAGE_SIZE = 20;
/** The largest quantity of one line or movement (a million units). */
export const QUANTITY_MAX = 1_000_000;

export const MAT_MSG = {
  menu: 'Materiais',
  title: 'Materiais',
  newButton: '+ Novo Material',
  newTitle: 'Novo Material',
  editTitle: 'Editar Material',
  searchPlaceholder: 'Buscar por código ou descrição...',
  empty: 'Nenhum material encontrado',
  saved: 'Material salvo com sucesso.',
  deleted: 'Material excluído com sucesso.',
  deleteConfirm: 'Tem certeza que deseja excluir este material?',
  codigoRequired: 'Código: informe o código do material.',
  descricaoRequired: 'Descrição: informe a descrição do material.',
  unidadeInvalid: 'Unidade: escolha un, m, kg, l, cx ou pc.',
  precoInvalid: 'Preço de venda: informe um valor em reais maior ou igual a zero, como 12,50.',
  duplicateCodigo: 'Já existe um material com este código.',
  inUse: 'Este material já tem movimentos de estoque ou foi usado em OS e não pode ser excluído. Desative-o.',
  notFound: 'Material não encontrado.',
  materialRequired: 'Material: escolha um material cadastrado.',
  materialInactive: 'Material: este material está inativo; escolha outro.',
  quantityRequired: 'Quantidade: informe um número maior que zero, como 2 ou 2,5.',
  quantityTooBig: 'Quantidade: informe no máximo 1.000.000.',
  quantityDecimals: 'Quantidade: informe no máximo 3 casas decimais, como 2,125.',
  quantityWhole: (unidade: string) =>
    `Quantidade: material em ${unidade} se conta em unidades inteiras; informe um número inteiro, como 2.`,
  // the planned materials of an order made from a quote
  plannedTitle: 'Previstos no orçamento',
  plannedUse: 'Usar',
  plannedUsed: (quantidade: string, unidade: string) => `Já lançado nesta OS: ${quantidade} ${unidade}`,
  // stock
  stockTitle: 'Estoque',
  myStockTitle: 'Meu estoque',
  countButton: 'Conferir estoque',
  countSaved: 'Conferência registrada.',
  movementSaved: 'Movimento registrado.',
  negative: 'Saldo negativo',
  onlyNegative: 'Somente negativos',
  newPlaceButton: 'Novo local',
  newPlaceTitle: 'Novo local de estoque',
  placeSaved: 'Local de estoque criado com sucesso.',
  insufficient: (local: string, saldo: string, unidade: string) => `Saldo insuficiente em ${local}: ${saldo} ${unidade}.`,
  placeNotFound: 'Local de estoque não encontrado.',
  placeNameRequired: 'Nome: informe o nome do local de estoque.',
  placeDuplicate: 'Já existe um local de estoque com este nome.',
  tipoInvalid: 'Tipo: escolha entrada, transferencia ou ajuste.',
  origemRequired: 'Origem: escolha o local de onde sai o material.',
  destinoRequired: 'Destino: escolha o local para onde vai o material.',
  entradaNoOrigem: 'Origem: uma entrada não tem origem; escolha só o destino.',
  samePlace: 'Destino: escolha um local diferente da origem.',
  ajusteOneSide: 'Ajuste: escolha a origem (para retirar) ou o destino (para somar), um dos dois.',
  motivoRequired: 'Motivo: informe o motivo do ajuste.',
  notYourVehicle: 'Você só pode conferir o estoque do seu veículo.',
  noVehicle: 'Você não tem um veículo de estoque.',
  countEmpty: 'Itens: informe ao menos um material contado.',
  countItems: 'Itens: informe uma lista de materiais contados, cada um com materialId e quantidade.',
  countDuplicate: 'Itens: cada material aparece uma só vez na conferência.',
  warehouse: 'Almoxarifado',
  vehicle: (nome: string) => `Veículo – ${nome}`,
  // order lines
  orderTitle: 'Materiais',
  orderEmpty: 'Nenhum material usado nesta OS.',
  lineSaved: 'Material registrado.',
  lineDeleted: 'Material removido.',
  lineUpdated: 'Material atualizado com sucesso!',
  editLineTitle: 'Editar material da OS',
  lineNotFound: 'Material da OS não encontrado.',
  pickLabel: 'Buscar material',
  pickPlaceholder: 'Código ou descrição',
  pickNone: 'Nenhum material encontrado com este texto.',
  pickFirst: 'Material: escolha um material da lista.',
  addButton: 'Adicionar material',
  removeConfirm: 'Remover este material da OS? A quantidade volta para o estoque do veículo.',
  offlineOnly: 'Sem conexão: alterar ou remover um material precisa de sinal.',
  stockMenu: 'Estoque',
  myStockMenu: 'Meu estoque',
  myStockEmpty: 'Seu veículo não tem materiais em estoque.',
  countTitle: 'Conferir estoque',
  countHint: 'Informe a quantidade contada de cada material; as diferenças viram ajustes.',
  countAddMaterial: 'Incluir outro material contado',
} as const;

/** Folds a text for the phone's search, as the server folds it: no accents, lower case. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The register's rows whose código or descrição contain the typed text, accents and case ignored (at most `max`). */
export function searchMaterials<M extends { codigo: string; descricao: string }>(rows: M[], text: string, max = 8): M[] {
  const term = fold(text.trim());
  if (!term) return [];
  return rows.filter((m) => fold(`${m.codigo} ${m.descricao}`).includes(term)).slice(0, max);
}

/** A quantity as typed ('2,5', '2.5', 2.5) as a number, NaN when it is not one. */
function quantityNumber(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim().replace(/\s/g, '');
  if (t === '') return undefined;
  const n = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  return /^-?\d+(\.\d+)?$/.test(n) ? Number(n) : Number.NaN;
}

/** A quantity of a line or movement: above zero, at most 3 decimals; whole units are checked with the material (quantityToMil). */
export const quantitySchema = z.preprocess(
  quantityNumber,
  z
    .number(whenMissing(MAT_MSG.quantityRequired))
    .refine((n) => Number.isFinite(n) && n > 0, { error: MAT_MSG.quantityRequired })
    .refine((n) => n <= QUANTITY_MAX, { error: MAT_MSG.quantityTooBig })
    .refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, { error: MAT_MSG.quantityDecimals }),
);

/** A counted quantity: zero allowed (the van has none left). */
const countedSchema = z.preprocess(
  quantityNumber,
  z
    .number(whenMissing(MAT_MSG.quantityRequired))
    .refine((n) => Number.isFinite(n) && n >= 0, { error: 'Quantidade: informe um número maior ou igual a zero, como 0 ou 2,5.' })
    .refine((n) => n <= QUANTITY_MAX, { error: MAT_MSG.quantityTooBig })
    .refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, { error: MAT_MSG.quantityDecimals }),
);

/** Thousandths of the unit, or the message when a unit counted whole gets a fraction (docs/rules.md#materials-and-stock). */
export function quantityToMil(quantidade: number, unidade: string): { mil: number } | { error: string } {
  const mil = Math.round(quantidade * 1000);
  if ((WHOLE_UNITS as readonly string[]).includes(unidade) && mil % 1000 !== 0) return { error: MAT_MSG.quantityWhole(unidade) };
  return { mil };
}

/** Thousandths back to the number of the unit (2500 -> 2.5). */
export const milToQuantity = (mil: number) => mil / 1000;

/** A quantity as people read it: '2,5', '-3', '1.234' (no trailing zeros). */
export function formatQuantity(quantidade: number): string {
  return quantidade.toLocaleString('pt-BR', { maximumFractionDigits: 3 });
}

/** quantidade × preço in centavos, rounded half up (docs/rules.md#materials-and-stock). */
export const lineTotalCentavos = (quantidadeMil: number, precoCentavos: number) =>
  Math.round((quantidadeMil * precoCentavos) / 1000);

const boolDefault = (dflt: boolean, label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? dflt : v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: `${label}: informe sim ou não.` }),
  );

/** POST/PUT /api/materiais (docs/api.md#materials-and-stock). precoVenda in reais ('12,50' or 12.5). */
export const materialInputSchema = z.object({
  codigo: z.string(whenMissing(MAT_MSG.codigoRequired)).trim().min(1, { error: MAT_MSG.codigoRequired }).max(40),
  descricao: z.string(whenMissing(MAT_MSG.descricaoRequired)).trim().min(1, { error: MAT_MSG.descricaoRequired }).max(200),
  unidade: z.enum(UNIDADES, { error: MAT_MSG.unidadeInvalid }),
  precoVenda: z.preprocess(
    (v) => (typeof v === 'string' || typeof v === 'number' ? (parseValorToCentavos(v) ?? Number.NaN) : Number.NaN),
    z
      .number({ error: MAT_MSG.precoInvalid })
      .refine((n) => Number.isInteger(n) && n >= 0 && n <= 100_000_000, { error: MAT_MSG.precoInvalid })
      // Reais again, so that what a form sends reads the same on the server (12,50 -> 12.5).
      .transform((centavos) => centavos / 100),
  ),
  controlaEstoque: boolDefault(true, 'Controla estoque'),
  ativo: boolDefault(true, 'Ativo'),
});
/** The register's input, precoVenda in reais with at most 2 decimals. */
export type MaterialInput = z.output<typeof materialInputSchema>;

/** A material as the API answers it. */
export interface Material {
  id: number;
  codigo: string;
  descricao: string;
  unidade: Unidade;
  precoVenda: number;
  precoVendaCentavos: number;
  controlaEstoque: boolean;
  ativo: boolean;
}

/** GET /api/materiais?search=&ativo=&limit=&offset= */
export const materialListQuerySchema = searchedListQuery({ ativo: flagFilter });
export type MaterialListQuery = z.infer<typeof materialListQuerySchema>;

export type StockPlaceTipo = 'almoxarifado' | 'local' | 'veiculo';

/** A stock place; its balances come a page at a time from GET /api/estoques/{localId}/saldos. */
export interface StockPlace {
  id: number;
  nome: string;
  tipo: StockPlaceTipo;
  tecnicoId: number | null;
}

/** One balance of a place. */
export interface StockBalance {
  materialId: number;
  codigo: string;
  descricao: string;
  unidade: Unidade;
  saldo: number;
  negativo: boolean;
}

/** A place as GET /api/estoques lists it: with the number of its materials below zero, not its balances. */
export interface StockPlaceSummary extends StockPlace {
  negativos: number;
}

/** GET /api/estoques/{localId}/saldos?search=&negativos=true&limit=&offset= (docs/api.md#materials-and-stock). */
/** `negativos`: only the balances below zero. */
export const placeBalancesQuerySchema = searchedListQuery({ negativos: flagFilter });
export type PlaceBalancesQuery = z.infer<typeof placeBalancesQuerySchema>;

/** POST /api/estoques {nome}. */
export const stockPlaceInputSchema = z.object({
  nome: z.string(whenMissing(MAT_MSG.placeNameRequired)).trim().min(1, { error: MAT_MSG.placeNameRequired }).max(100),
});

export type StockPlaceInput = z.output<typeof stockPlaceInputSchema>;

const optionalPlace = z.preprocess((v) => (v === '' || v === null ? undefined : v), recordIdSchema.optional());

/** POST /api/estoques/movimentos: what may come from whom is checked by the service. */
export const movementInputSchema = z.object({
  tipo: z.enum(['entrada', 'transferencia', 'ajuste'], { error: MAT_MSG.tipoInvalid }),
  materialId: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), recordIdSchema.optional())
    .pipe(z.number({ error: MAT_MSG.materialRequired })),
  quantidade: quantitySchema,
  origemId: optionalPlace,
  destinoId: optionalPlace,
  motivo: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(500)),
});
export type MovementInput = z.output<typeof movementInputSchema>;

/** A movement of the ledger as GET /api/estoques/movimentos lists it. */
export interface StockMovement {
  id: number;
  tipo: 'entrada' | 'transferencia' | 'ajuste' | 'consumo' | 'devolucao';
  materialId: number;
  codigo: string;
  descricao: string;
  unidade: Unidade;
  quantidade: number;
  origemId: number | null;
  origem: string | null;
  destinoId: number | null;
  destino: string | null;
  osId: number | null;
  osNumero: number | null;
  motivo: string;
  usuario: string;
  createdAt: string;
}

const optionalDay = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().refine(isIsoDate, { error: 'Data: informe uma data válida, como 2025-01-31 (ano, mês e dia).' }).optional(),
);

/** GET /api/estoques/movimentos?localId=&materialId=&dataInicio=&dataFim=&limit=&offset= */
export const movementListQuerySchema = z.object({
  localId: recordIdSchema.optional(),
  materialId: recordIdSchema.optional(),
  dataInicio: optionalDay,
  dataFim: optionalDay,
  ...pageQuery(500),
});
export type MovementListQuery = z.infer<typeof movementListQuerySchema>;

/** POST /api/estoques/{localId}/conferencia: the counted quantities. */
export const stockCountSchema = z.object({
  // An item that is no object is refused naming 'Itens' (not its position in the list).
  itens: z.preprocess(
    (v) => (Array.isArray(v) && v.some((i) => i === null || typeof i !== 'object' || Array.isArray(i)) ? 'itens' : v),
    z
      .array(z.object({ materialId: recordIdSchema, quantidade: countedSchema }), { error: MAT_MSG.countItems })
      .min(1, { error: MAT_MSG.countEmpty })
      .max(2000)
      .refine((items) => new Set(items.map((i) => i.materialId)).size === items.length, { error: MAT_MSG.countDuplicate }),
  ),
});
export type StockCountInput = z.output<typeof stockCountSchema>;

/** POST /api/os/{id}/materiais and PUT /api/os/{id}/materiais/{itemId}. */
export const orderMaterialInputSchema = z.object({
  materialId: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), recordIdSchema.optional())
    .pipe(z.number({ error: MAT_MSG.materialRequired })),
  quantidade: quantitySchema,
  obs: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(500)),
});

/** The line's form with its material's unit: whole numbers for un, cx and pc (the server checks the same, quantityToMil). */
export const orderMaterialFormSchema = (unidade: string) =>
  orderMaterialInputSchema.superRefine((line, ctx) => {
    const whole = quantityToMil(line.quantidade, unidade);
    if ('error' in whole) ctx.addIssue({ code: 'custom', path: ['quantidade'], message: whole.error });
  });
export type OrderMaterialInput = z.output<typeof orderMaterialInputSchema>;

/** A material line of an order; the prices are absent where the client reads it (the portal). */
export interface OrderMaterial {
  id: number;
  osId: number;
  materialId: number;
  codigo: string;
  descricao: string;
  unidade: Unidade;
  quantidade: number;
  precoCentavos: number;
  totalCentavos: number;
  obs: string;
  localId: number | null;
}

import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, link, updatedAt } from './columns';
import { recordColumns } from './order-records';
import { orders } from './orders';

/**
 * Materials and stock (docs/rules.md#materials-and-stock). Quantities are integer thousandths of the
 * material's unit ('2,5 m' is 2500), so sums and balances are exact; money is integer centavos.
 */
export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    codigo: text('codigo').notNull(),
    descricao: text('descricao').notNull(),
    unidade: text('unidade').notNull(),
    precoVendaCentavos: integer('preco_venda_centavos').notNull().default(0),
    controlaEstoque: boolean('controla_estoque').notNull().default(true),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('materials_codigo_lower_uq').on(sql`lower(${t.codigo})`),
    check('materials_unidade_ck', sql`${t.unidade} in ('un','m','kg','l','cx','pc')`),
    check('materials_preco_ck', sql`${t.precoVendaCentavos} >= 0`),
  ],
);

/** A place that holds stock: the warehouse ('almoxarifado'), another place ('local'), a technician's vehicle ('veiculo'). */
export const stockPlaces = pgTable(
  'stock_places',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    tipo: text('tipo', { enum: ['almoxarifado', 'local', 'veiculo'] }).notNull(),
    technicianId: link('technician_id', () => users.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_places_nome_lower_uq').on(sql`lower(${t.nome})`),
    uniqueIndex('stock_places_technician_uq').on(t.technicianId),
    check('stock_places_tipo_ck', sql`${t.tipo} in ('almoxarifado','local','veiculo')`),
  ],
);

/** The balance of a material at a place: always the sum of the ledger's movements into it minus out of it. */
export const stockBalances = pgTable(
  'stock_balances',
  {
    placeId: link('place_id', () => stockPlaces.id, 'restrict').notNull(),
    materialId: link('material_id', () => materials.id, 'restrict').notNull(),
    quantidadeMil: integer('quantidade_mil').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.materialId] }), index('stock_balances_material_idx').on(t.materialId)],
);

/** The ledger: never edited nor deleted; a correction is a new movement. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tipo: text('tipo', { enum: ['entrada', 'transferencia', 'ajuste', 'consumo', 'devolucao'] }).notNull(),
    materialId: link('material_id', () => materials.id, 'restrict').notNull(),
    quantidadeMil: integer('quantidade_mil').notNull(),
    origemId: link('origem_id', () => stockPlaces.id, 'restrict'),
    destinoId: link('destino_id', () => stockPlaces.id, 'restrict'),
    /** The order of a 'consumo' or a 'devolucao' (a line of the order changed or removed); the ledger keeps the number when the order is deleted. */
    orderId: link('order_id', () => orders.id, 'set null'),
    orderNumero: integer('order_numero'),
    motivo: text('motivo').notNull().default(''),
    userId: link('user_id', () => users.id, 'set null'),
    username: text('username').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_material_idx').on(t.materialId, t.createdAt),
    index('stock_movements_origem_idx').on(t.origemId, t.createdAt),
    index('stock_movements_destino_idx').on(t.destinoId, t.createdAt),
    index('stock_movements_created_idx').on(t.createdAt),
    check('stock_movements_quantidade_ck', sql`${t.quantidadeMil} > 0`),
    check('stock_movements_tipo_ck', sql`${t.tipo} in ('entrada','transferencia','ajuste','consumo','devolucao')`),
  ],
);

/** A material used on an order: a record kind of the order (docs/style.md#a-record-kind-of-an-order). */
export const orderMaterials = pgTable(
  'order_materials',
  {
    ...recordColumns(),
    materialId: link('material_id', () => materials.id, 'restrict').notNull(),
    quantidadeMil: integer('quantidade_mil').notNull(),
    /** The sale price when the line was made (docs/rules.md#materials-and-stock). */
    precoCentavos: integer('preco_centavos').notNull(),
    /** The vehicle the material left from; null when the material is not stock-controlled. */
    placeId: link('place_id', () => stockPlaces.id, 'restrict'),
    obs: text('obs').notNull().default(''),
  },
  (t) => [index('order_materials_order_idx').on(t.orderId), index('order_materials_material_idx').on(t.materialId)],
);

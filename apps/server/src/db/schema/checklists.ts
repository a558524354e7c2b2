import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
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
 * A checklist template (docs/rules.md#checklists): its name unique without regard to case, at most one
 * active per equipment type (`tipoKey`: the type without case and accents; null = any type).
 */
export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    tipoEquipamento: text('tipo_equipamento'),
    tipoKey: text('tipo_key'),
    ativo: boolean('ativo').notNull().default(true),
    /** The version new orders get; an edit of a version some order uses makes the next one. */
    versao: integer('versao').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('checklist_templates_nome_uq').on(sql`lower(${t.nome})`),
    uniqueIndex('checklist_templates_ativo_tipo_uq').on(sql`coalesce(${t.tipoKey}, '')`).where(sql`${t.ativo}`),
  ],
);

/** The items of one version of a template, in `posicao` order; an order answers the items of its version. */
export const checklistItems = pgTable(
  'checklist_items',
  {
    id: serial('id').primaryKey(),
    templateId: link('template_id', () => checklistTemplates.id, 'cascade').notNull(),
    versao: integer('versao').notNull(),
    posicao: integer('posicao').notNull(),
    texto: text('texto').notNull(),
    tipo: text('tipo', { enum: ['conformidade', 'leitura', 'texto', 'opcao'] }).notNull(),
    unidade: text('unidade'),
    minimo: doublePrecision('minimo'),
    maximo: doublePrecision('maximo'),
    opcoes: jsonb('opcoes').$type<string[]>().notNull().default([]),
    obrigatorio: boolean('obrigatorio').notNull().default(false),
    fotoObrigatoria: boolean('foto_obrigatoria').notNull().default(false),
  },
  (t) => [index('checklist_items_template_idx').on(t.templateId, t.versao, t.posicao)],
);

/** An order's checklist: one per order, the template's version it started with. */
export const orderChecklists = pgTable('order_checklists', {
  id: serial('id').primaryKey(),
  orderId: link('order_id', () => orders.id, 'cascade')
    .notNull()
    .unique(),
  templateId: link('template_id', () => checklistTemplates.id, 'restrict').notNull(),
  versao: integer('versao').notNull(),
  nome: text('nome').notNull(),
  createdBy: link('created_by', () => users.id, 'set null'),
  createdAt: createdAt(),
});

/** The answer to one item of an order's checklist (a record of the order): one per item, judged by the server. */
export const checklistAnswers = pgTable(
  'checklist_answers',
  {
    ...recordColumns(),
    itemId: link('item_id', () => checklistItems.id, 'restrict').notNull(),
    valor: text('valor').notNull(),
    /** The reading as a number (leitura), for the equipment's charts. */
    numero: doublePrecision('numero'),
    resultado: text('resultado', { enum: ['Conforme', 'Não conforme', 'N/A'] }),
    observacao: text('observacao').notNull().default(''),
    /** Storage key of the photo, never a name chosen by the user. */
    foto: text('foto'),
    respondidoEm: timestamp('respondido_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checklist_answers_order_item_uq').on(t.orderId, t.itemId),
    index('checklist_answers_item_idx').on(t.itemId),
  ],
);

/** The follow-up order opened by a 'Não conforme' item of a concluded order: exactly one per item. */
export const checklistFollowUps = pgTable(
  'checklist_follow_ups',
  {
    id: serial('id').primaryKey(),
    originOrderId: link('origin_order_id', () => orders.id, 'cascade').notNull(),
    itemId: link('item_id', () => checklistItems.id, 'restrict').notNull(),
    followUpOrderId: link('follow_up_order_id', () => orders.id, 'cascade')
      .notNull()
      .unique(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('checklist_follow_ups_item_uq').on(t.originOrderId, t.itemId)],
);

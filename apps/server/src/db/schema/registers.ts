import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, time, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Named counters handed out atomically (order numero, client codigo, closing numero). */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    codigo: integer('codigo').notNull().unique(),
    razao: text('razao').notNull(),
    fantasia: text('fantasia').notNull().default(''),
    /** 14 characters, no punctuation; alphanumeric CNPJ allowed (docs/rules.md#cnpj). */
    cnpj: varchar('cnpj', { length: 14 }).notNull().unique(),
    cep: varchar('cep', { length: 8 }).notNull().default(''),
    endereco: text('endereco').notNull().default(''),
    bairro: text('bairro').notNull().default(''),
    cidade: text('cidade').notNull().default(''),
    estado: varchar('estado', { length: 2 }).notNull().default(''),
    contato: text('contato').notNull().default(''),
    email: text('email').notNull().default(''),
    fone: text('fone').notNull().default(''),
    percentual: numeric('percentual', { precision: 8, scale: 4 }).notNull().default('1.35'),
    obs: text('obs').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('clients_razao_lower_idx').on(sql`lower(${t.razao})`)],
);

export const expenseTypes = pgTable(
  'expense_types',
  {
    id: serial('id').primaryKey(),
    despesa: text('despesa').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('expense_types_despesa_lower_uq').on(sql`lower(${t.despesa})`)],
);

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  nome: text('nome').notNull(),
  cnpj: varchar('cnpj', { length: 14 }).notNull().default(''),
  ie: text('ie').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Hour bands of docs/rules.md#hours-and-closing ('Km Rodado' is R$ per km; its times are unused). */
export const systemParameters = pgTable('system_parameters', {
  id: serial('id').primaryKey(),
  tipo: text('tipo').notNull().unique(),
  inicio: time('inicio').notNull(),
  fim: time('fim').notNull(),
  valorCentavos: integer('valor_centavos').notNull().default(0),
  updatedAt: updatedAt(),
});

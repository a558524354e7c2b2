import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, link, updatedAt } from './columns';
import { clients } from './registers';

/**
 * A client's machine (docs/rules.md#equipment): one serial per manufacturer, case ignored; a preventive
 * plan when `periodicidadeMeses` is set, its next visit in `proximaManutencao`.
 */
export const equipment = pgTable(
  'equipment',
  {
    id: serial('id').primaryKey(),
    clientId: link('client_id', () => clients.id, 'restrict').notNull(),
    tipo: text('tipo').notNull(),
    fabricante: text('fabricante').notNull().default(''),
    modelo: text('modelo').notNull().default(''),
    numeroSerie: text('numero_serie').notNull(),
    local: text('local').notNull().default(''),
    dataInstalacao: date('data_instalacao', { mode: 'string' }),
    periodicidadeMeses: integer('periodicidade_meses'),
    proximaManutencao: date('proxima_manutencao', { mode: 'string' }),
    ativo: boolean('ativo').notNull().default(true),
    obs: text('obs').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('equipment_fabricante_serie_uq').on(sql`lower(${t.fabricante})`, sql`lower(${t.numeroSerie})`),
    index('equipment_client_idx').on(t.clientId),
    index('equipment_proxima_idx').on(t.proximaManutencao).where(sql`${t.ativo} and ${t.periodicidadeMeses} is not null`),
    check('equipment_periodicidade_ck', sql`${t.periodicidadeMeses} is null or (${t.periodicidadeMeses} between 1 and 120)`),
  ],
);

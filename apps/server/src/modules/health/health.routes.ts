import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';

export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.get('/api/health', { config: { access: 'public' } }, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok', database: database.kind };
  });
};

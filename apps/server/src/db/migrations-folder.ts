import path from 'node:path';

/** Drizzle's generated SQL migrations and their journal (`npm run db:generate`). */
export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

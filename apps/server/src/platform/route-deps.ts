import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import type { Config } from './config';
import type { Mailer } from './mail';
import type { Storage } from './storage';

/** What app.ts hands every route plugin: the database, the settings, the file store and the one mailer. */
export interface RouteDeps {
  database: Database;
  config: Config;
  storage: Storage;
  mailer: Mailer;
}

/** A module's routes, registered by app.ts with the shared deps. */
export type RoutesPlugin = FastifyPluginAsyncZod<RouteDeps>;

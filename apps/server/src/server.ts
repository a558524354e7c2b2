import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { loadConfig } from './platform/config';

/** The process: config, database, listen, graceful close on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const seed = await seedDatabase(database.db, { adminPassword: config.adminPassword, dataDir: config.dataDir });
  if (config.demoData) {
    const { seedDemoData } = await import('./db/demo-data');
    await seedDemoData(database.db);
  }
  const app = await buildApp({
    database,
    config,
    logger: {
      level: process.env.LOG_LEVEL ?? 'info',
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
  });
  if (database.outsideDataDir) {
    app.log.warn(
      `Banco embutido em ${database.outsideDataDir}: o usuário postgres não alcança ${config.dataDir}; ${config.dataDir}/postgres aponta para lá (faça backups com npm run backup).`,
    );
  }
  if (seed.generatedAdminPassword) {
    // The password itself never goes into a log line (docs/rules.md#accounts): only where to read it.
    app.log.warn(`Usuário inicial criado: admin; a senha gerada está em ${config.dataDir}/initial-admin-password.txt`);
  } else if (seed.createdAdmin) {
    app.log.info('Usuário inicial criado: admin (senha de ADMIN_PASSWORD)');
  }

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: encerrando`);
    await app.close(); // finishes requests in flight
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Sistema de OS em http://localhost:${config.port} (banco: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

// `npm run backup [ARCHIVE]`: the database and every stored file in one .tar.gz.
import { createBackup } from '../apps/server/src/ops/backup';
import { loadConfig } from '../apps/server/src/platform/config';
import { createStorage } from '../apps/server/src/platform/storage';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const archive = process.argv[2] ?? `backup-${stamp}.tar.gz`;
createBackup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, archive, storage: createStorage(config) })
  .then((file) => console.log(`Backup gravado em ${file}`))
  .catch((err) => {
    console.error(`Falha no backup: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  });

// `npm run restore ARCHIVE`: restores a backup into an empty DATA_DIR or an empty database.
import { restoreBackup } from '../apps/server/src/ops/backup';
import { loadConfig } from '../apps/server/src/platform/config';
import { createStorage } from '../apps/server/src/platform/storage';

const archive = process.argv[2];
if (!archive) {
  console.error('Uso: npm run restore ARQUIVO.tar.gz');
  process.exit(2);
}
const config = loadConfig();
restoreBackup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, archive, storage: createStorage(config) })
  .then(() => console.log('Backup restaurado.'))
  .catch((err) => {
    console.error(`Falha na restauração: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  });

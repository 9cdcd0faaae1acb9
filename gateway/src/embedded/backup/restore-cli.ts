import { resolve } from 'node:path';
import { RestoreRefusedError, restoreBackup } from './backup-archive';

// `npm run restore -- <file>`: a backup into an empty DATA_DIR (docs/deployment.md, "Backups").
const file = process.argv[2];
if (!file) {
  process.stderr.write(
    'usage: npm run restore -- <backup file>   (DATA_DIR names the empty folder to restore into)\n',
  );
  process.exit(2);
}
const dataDir = resolve(process.env.DATA_DIR || './data');
try {
  const manifest = await restoreBackup(resolve(file), dataDir);
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${dataDir}: the database, ${
      manifest.analytics ? 'the analytics tables, ' : ''
    }${manifest.secrets.length} secret file(s). Start the product on it with npm start.\n`,
  );
} catch (error) {
  if (!(error instanceof RestoreRefusedError)) throw error;
  process.stderr.write(`Restore refused: ${error.message}\n`);
  process.exit(1);
}

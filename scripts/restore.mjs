// `npm run restore -- <file>`: restores a backup into an empty DATA_DIR
// (gateway/src/embedded/backup/restore-cli.ts; docs/deployment.md, "Backups").
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/paths.mjs';

const result = spawnSync(
  process.execPath,
  [
    join(root, 'scripts/run-ts.mjs'),
    join(root, 'gateway/src/embedded/backup/restore-cli.ts'),
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);

// `npm run users -- <command>`: account management (services/adviser/src/cli/users-cli.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/paths.mjs';

const result = spawnSync(
  process.execPath,
  [
    join(root, 'scripts/run-ts.mjs'),
    join(root, 'services/adviser/src/cli/users-cli.ts'),
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { bundle } from '../../../scripts/lib/bundle.mjs';
import { eventually } from '../testing/eventually';

const root = resolve(import.meta.dirname, '../../..');
const source = resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

let dir = '';
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('listens while the service starts, and its readiness says it is starting until it has', async () => {
  mkdirSync(join(root, 'dist'), { recursive: true });
  dir = mkdtempSync(join(root, 'dist', '.test-run-service-'));
  const entry = join(dir, 'service.ts');
  // A service whose start takes until the file "go" appears in its folder.
  writeFileSync(
    entry,
    `import { existsSync } from 'node:fs';
import { z } from 'zod';
import { createServiceApp } from ${JSON.stringify(join(source, 'http/service-app.ts'))};
import { runService } from ${JSON.stringify(join(source, 'runtime/run-service.ts'))};
await runService({
  name: 'notification',
  defaultPort: 0,
  config: z.object({}),
  create: async (deps) => ({
    name: 'notification',
    app: createServiceApp({ name: 'notification', logger: deps.logger, routes: () => {} }),
    start: async () => {
      while (!existsSync(${JSON.stringify(join(dir, 'go'))})) await new Promise((r) => setTimeout(r, 50));
    },
    stop: async () => {},
    ready: async () => true,
  }),
});
`,
  );
  await bundle({ service: entry }, dir);
  const port = await freePort();
  child = spawn(process.execPath, [join(dir, 'service.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  const readyz = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`);
    return { status: res.status, body: await res.json() };
  };
  const starting = await eventually(readyz, 30_000);
  expect(starting).toEqual({
    status: 503,
    body: { status: 'not ready', service: 'notification', reason: 'starting' },
  });
  writeFileSync(join(dir, 'go'), '');
  await eventually(async () =>
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', service: 'notification' } }),
  );
}, 90_000);

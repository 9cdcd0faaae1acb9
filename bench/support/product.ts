import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProduct {
  url: string;
  child: ChildProcess;
  /** SIGTERM, then waits for the graceful stop to finish. */
  stop(): Promise<void>;
}

/**
 * Runs the product in a child process (so the load generator keeps its own core) on a free port
 * and resolves once /readyz answers. `script` is the built bundle or the start script (with its
 * arguments).
 */
export async function startProduct(
  script: string | readonly string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
  /** Where the product runs from (another build's checkout); this one's by default. */
  cwd?: string,
): Promise<RunningProduct> {
  const port = await freePort();
  // BENCH_NODE_ARGS passes flags to the product's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const args = [...nodeArgs, ...(typeof script === 'string' ? [script] : script)];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    ...(cwd ? { cwd } : {}),
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode} during start`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stop();
  throw new Error(`${script} was not ready within ${timeoutMs} ms`);
}

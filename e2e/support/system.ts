import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type EmbeddedSystem, startEmbedded } from '@risk-profile/gateway';
import { silentLogger } from '@risk-profile/platform';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FRONTEND_DIST = resolve(import.meta.dirname, '../../frontend/dist');

/** Why the browser tier cannot run here, or undefined when it can. */
export function browserSkipReason(): string | undefined {
  if (!existsSync(CHROMIUM_PATH)) return `no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`;
  if (!existsSync(join(FRONTEND_DIST, 'index.html'))) return 'front end not built (npm run build)';
  return undefined;
}

export interface TestSystem extends EmbeddedSystem {
  dataDir: string;
}

/** The whole product on embedded adapters in a fresh data folder, on a free port. */
export async function startTestSystem(extraEnv: Record<string, string> = {}): Promise<TestSystem> {
  const dataDir = mkdtempSync(join(tmpdir(), 'risk-profile-e2e-'));
  const environment: NodeJS.ProcessEnv = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    FRONTEND_DIST,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'silent',
    ...extraEnv,
  };
  const system = await startEmbedded(environment, { logger: silentLogger() });
  return {
    ...system,
    url: `http://127.0.0.1:${system.running.port}`,
    dataDir,
    stop: async () => {
      await system.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, with the flags decisions.md lists for this network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export async function newPhonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-AU' });
  return context.newPage();
}

import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { bundleAnalystWorker } from '@risk-profile/analytics/testing';
import { type EmbeddedSystem, startEmbedded } from '@risk-profile/gateway';
import { bundleReportComposer } from '@risk-profile/notification/testing';
import { silentLogger } from '@risk-profile/platform';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

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

/** The whole product on embedded adapters in a fresh data folder, on a free port, as `npm start` runs it. */
export async function startTestSystem(extraEnv: Record<string, string> = {}): Promise<TestSystem> {
  const dataDir = mkdtempSync(join(tmpdir(), 'risk-profile-e2e-'));
  const environment: NodeJS.ProcessEnv = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    FRONTEND_DIST: extraEnv.FRONTEND_DIST ?? (await snapshotFrontend(join(dataDir, 'frontend'))),
    DEMO_DATA: 'true',
    LOG_LEVEL: 'silent',
    ...extraEnv,
  };
  // As `npm start` does: messages are composed in the report composer's worker thread, and
  // analysts' queries run in the analysts' engine process.
  const [composer, analystWorker] = await Promise.all([bundleReportComposer(), bundleAnalystWorker()]);
  const system = await startEmbedded(environment, {
    logger: silentLogger(),
    composeWorker: composer.script,
    analystWorker: analystWorker.script,
  }).catch((error: unknown) => {
    composer.remove();
    analystWorker.remove();
    throw error;
  });
  return {
    ...system,
    url: `http://127.0.0.1:${system.running.port}`,
    dataDir,
    stop: async () => {
      await system.stop();
      composer.remove();
      analystWorker.remove();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const SNAPSHOT_ATTEMPTS = 20;
const SNAPSHOT_RETRY_MS = 500;

/**
 * A private copy of the built front end. A build started elsewhere while the suite runs (another
 * terminal, or `npm test` finding the build stale) empties frontend/dist and would pull pages and
 * lazily loaded chunks from under the browser; a copy taken mid-build is detected and retaken.
 */
async function snapshotFrontend(target: string): Promise<string> {
  for (let attempt = 1; attempt <= SNAPSHOT_ATTEMPTS; attempt += 1) {
    rmSync(target, { recursive: true, force: true });
    cpSync(FRONTEND_DIST, target, { recursive: true });
    if (isCompleteBuild(target)) return target;
    await delay(SNAPSHOT_RETRY_MS);
  }
  throw new Error(
    `${FRONTEND_DIST} stayed incomplete for ${(SNAPSHOT_ATTEMPTS * SNAPSHOT_RETRY_MS) / 1000} s`,
  );
}

/** index.html and every script and stylesheet it or any script refers to are present. */
function isCompleteBuild(dir: string): boolean {
  const indexPath = join(dir, 'index.html');
  if (!existsSync(indexPath)) return false;
  const assets = join(dir, 'assets');
  const present = new Set(existsSync(assets) ? readdirSync(assets) : []);
  const sources = [
    readFileSync(indexPath, 'utf8'),
    ...[...present]
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(assets, name), 'utf8')),
  ];
  const reference = /["'`](?:\/?assets\/|\.\/)([\w.-]+\.(?:js|css))["'`]/g;
  return sources.every((source) =>
    [...source.matchAll(reference)].every(([, name]) => name !== undefined && present.has(name)),
  );
}

/** Debian's Chromium, headless; without the background-networking flags it dials Google's hosts, which this network refuses. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A page in a fresh context (its own storage) sized like a phone; `options` override the defaults. */
export async function newPhonePage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'en-AU',
    ...options,
  });
  return context.newPage();
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createUpstreamPool, PgliteSqlClient, type SqlClient } from '@risk-profile/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER_CHECK_UNAVAILABLE } from '../draft-assessment/draft-assessment.route';
import { type AssessmentTestServer, startAssessmentServer } from '../testing/assessment-test-server';
import { adviserContact, yesBody } from '../testing/fixtures';
import { httpAdviserDirectory, KNOWN_TTL_MS, STALE_IF_ERROR_MS, UNKNOWN_TTL_MS } from './adviser-directory';

const adviserBody = (slug: string) => ({ ...adviserContact(slug), extra: 'ignored' });

/** Stands in for the adviser service's public lookup, counting what it is asked. */
function adviserLookup(known: string[], status = 200, delayMs = 0) {
  const asked: string[] = [];
  const answer = { status };
  const server: Server = createServer(async (req, res) => {
    const slug = decodeURIComponent(req.url?.split('/').pop() ?? '');
    asked.push(slug);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (answer.status !== 200) return void res.writeHead(answer.status).end();
    res.writeHead(known.includes(slug) ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(known.includes(slug) ? adviserBody(slug) : { error: 'Adviser not found.' }));
  });
  return {
    asked,
    answer,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const at = (...urls: string[]) => createUpstreamPool(urls, { name: 'adviser' });

describe('the adviser directory over HTTP', () => {
  it('asks once per slug and remembers known advisers longer than unknown ones', async () => {
    const service = adviserLookup(['demo-adviser']);
    const url = await service.start();
    let now = 0;
    const directory = httpAdviserDirectory(at(url), { now: () => now });
    try {
      expect(await directory.find('demo-adviser')).toEqual(adviserContact('demo-adviser'));
      expect(await directory.find('demo-adviser')).toEqual(adviserContact('demo-adviser'));
      expect(await directory.find('nobody')).toBeNull();
      expect(service.asked).toEqual(['demo-adviser', 'nobody']);
      now = UNKNOWN_TTL_MS + 1;
      await directory.find('demo-adviser');
      await directory.find('nobody');
      expect(service.asked).toEqual(['demo-adviser', 'nobody', 'nobody']);
      now = KNOWN_TTL_MS + 1;
      await directory.find('demo-adviser');
      expect(service.asked.at(-1)).toBe('demo-adviser');
    } finally {
      await service.stop();
    }
  });

  it('asks once for drafts that arrive together for one slug', async () => {
    const service = adviserLookup(['demo-adviser'], 200, 50);
    const directory = httpAdviserDirectory(at(await service.start()));
    try {
      const found = await Promise.all(Array.from({ length: 20 }, () => directory.find('demo-adviser')));
      expect(found).toEqual(Array.from({ length: 20 }, () => adviserContact('demo-adviser')));
      expect(service.asked).toEqual(['demo-adviser']);
    } finally {
      await service.stop();
    }
  });

  it('keeps using a known adviser for an hour after expiry while the service cannot answer, never an unknown one', async () => {
    const service = adviserLookup(['demo-adviser']);
    let now = 0;
    const directory = httpAdviserDirectory(at(await service.start()), { now: () => now });
    try {
      await directory.find('demo-adviser');
      await directory.find('nobody');
      service.answer.status = 500;
      now = KNOWN_TTL_MS + 1;
      expect(await directory.find('demo-adviser')).toEqual(adviserContact('demo-adviser'));
      await expect(directory.find('nobody')).rejects.toThrow(/answered 500/);
      now = KNOWN_TTL_MS + STALE_IF_ERROR_MS + 1;
      await expect(directory.find('demo-adviser')).rejects.toThrow(/answered 500/);
    } finally {
      await service.stop();
    }
  });

  it('gives up after 2 s on a service across the network, and waits for one in this process', async () => {
    const service = adviserLookup(['demo-adviser'], 200, 2_300);
    const url = await service.start();
    try {
      await expect(httpAdviserDirectory(at(url)).find('demo-adviser')).rejects.toThrow(/timeout|aborted/i);
      const inProcess = httpAdviserDirectory(at(url), { timeoutMs: null });
      expect(await inProcess.find('demo-adviser')).toEqual(adviserContact('demo-adviser'));
    } finally {
      await service.stop();
    }
  });

  it('throws when the adviser service answers anything but 200 or 404', async () => {
    const service = adviserLookup([], 500);
    const url = await service.start();
    try {
      await expect(httpAdviserDirectory(at(url)).find('demo-adviser')).rejects.toThrow(/answered 500/);
    } finally {
      await service.stop();
    }
  });

  it('asks the adviser instances in turn, and the next one when one is stopped', async () => {
    const first = adviserLookup(['demo-adviser', 'second-adviser', 'third-adviser']);
    const second = adviserLookup(['demo-adviser', 'second-adviser', 'third-adviser']);
    const pool = at(await first.start(), await second.start());
    const directory = httpAdviserDirectory(pool);
    try {
      expect(await directory.find('demo-adviser')).toEqual(adviserContact('demo-adviser'));
      expect(await directory.find('nobody')).toBeNull();
      expect([first.asked, second.asked]).toEqual([['demo-adviser'], ['nobody']]);
      await first.stop();
      // The first instance is next in turn, refuses, and the second answers instead.
      expect(await directory.find('second-adviser')).toEqual(adviserContact('second-adviser'));
      expect(await directory.find('third-adviser')).toEqual(adviserContact('third-adviser'));
      expect(second.asked).toEqual(['nobody', 'second-adviser', 'third-adviser']);
      await second.stop();
      await expect(directory.find('somebody')).rejects.toThrow(/fetch failed/);
    } finally {
      pool.close();
      await first.stop().catch(() => {});
      await second.stop().catch(() => {});
    }
  });
});

describe('a draft while the adviser service cannot be asked', () => {
  let sql: SqlClient;
  let server: AssessmentTestServer;
  beforeAll(async () => {
    sql = await PgliteSqlClient.open();
    server = await startAssessmentServer(sql, {
      advisers: { find: async () => Promise.reject(new Error('connection refused')) },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await sql?.close();
  });

  it('answers 503 with a clear message and stores nothing', async () => {
    const res = await server.post('/api/assessments', yesBody());
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      error: ADVISER_CHECK_UNAVAILABLE,
      code: 'ADVISER_CHECK_UNAVAILABLE',
    });
    const events = await server.store.readAll({ limit: 10 });
    expect(events).toEqual([]);
  });
});

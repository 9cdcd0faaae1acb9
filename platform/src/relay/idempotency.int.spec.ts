import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SqlClient } from '../sql/sql-client.port';
import { sqlTargets } from '../testing/sql';
import { describeTarget } from '../testing/targets';
import { forgetProcessedBefore, runOnce, runOnceEach } from './idempotency';

for (const target of sqlTargets()) {
  describeTarget(`runOnce on ${target.name}`, target, () => {
    let sql: SqlClient;

    beforeAll(async () => {
      sql = await target.open();
      await sql.exec('CREATE TABLE sent_mail (message_id text NOT NULL)');
    });

    afterAll(async () => {
      await sql?.close();
    });

    const send = (messageId: string) => async (tx: { query: SqlClient['query'] }) => {
      await tx.query('INSERT INTO sent_mail (message_id) VALUES ($1)', [messageId]);
    };

    async function sent(messageId: string): Promise<number> {
      const { rows } = await sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM sent_mail WHERE message_id = $1',
        [messageId],
      );
      return rows[0]!.n;
    }

    it.each([
      ['runs the side effect for the first delivery only', 'mailer', false, 1],
      ['deduplicates per consumer', 'sms', true, 2],
    ])('%s', async (_, secondConsumer, secondRuns, sentCount) => {
      const id = randomUUID();
      expect(await runOnce(sql, 'mailer', id, send(id))).toBe(true);
      expect(await runOnce(sql, secondConsumer, id, send(id))).toBe(secondRuns);
      expect(await sent(id)).toBe(sentCount);
    });

    it('keeps neither the dedup row nor the side effect when the side effect fails, so a retry runs it', async () => {
      const id = randomUUID();
      const failing = runOnce(sql, 'mailer', id, async (tx) => {
        await send(id)(tx);
        throw new Error('smtp down');
      });
      await expect(failing).rejects.toThrow('smtp down');
      expect(await sent(id)).toBe(0);
      expect(await runOnce(sql, 'mailer', id, send(id))).toBe(true);
      expect(await sent(id)).toBe(1);
    });

    it('lets exactly one of two concurrent deliveries run', async () => {
      const id = randomUUID();
      const results = await Promise.all([
        runOnce(sql, 'race', id, send(id)),
        runOnce(sql, 'race', id, send(id)),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await sent(id)).toBe(1);
    });

    it('runs a batch for the ids not seen before, in order, and skips the ones already processed', async () => {
      const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
      await runOnce(sql, 'batch', b, send(b));
      const ran: string[][] = [];
      const fresh = await runOnceEach(sql, 'batch', [a, b, c, a], async (tx, ids) => {
        ran.push([...ids]);
        for (const id of ids) await send(id)(tx);
      });
      expect(fresh).toEqual([a, c]);
      expect(ran).toEqual([[a, c]]);
      expect([await sent(a), await sent(b), await sent(c)]).toEqual([1, 1, 1]);
      // A redelivered batch runs nothing.
      expect(await runOnceEach(sql, 'batch', [a, b, c], send('never'))).toEqual([]);
      expect(await sent('never')).toBe(0);
    });

    it('keeps nothing of a batch whose side effect fails', async () => {
      const [a, b] = [randomUUID(), randomUUID()];
      const failing = runOnceEach(sql, 'batch-fail', [a, b], async (tx, ids) => {
        for (const id of ids) await send(id)(tx);
        throw new Error('disk full');
      });
      await expect(failing).rejects.toThrow('disk full');
      expect(await sent(a)).toBe(0);
      expect(await runOnceEach(sql, 'batch-fail', [a, b], async () => {})).toEqual([a, b]);
    });

    it('forgets old dedup rows', async () => {
      const id = randomUUID();
      await runOnce(sql, 'forget', id, send(id));
      expect(await forgetProcessedBefore(sql, 60_000)).toBe(0);
      expect(await forgetProcessedBefore(sql, 0)).toBeGreaterThanOrEqual(1);
      expect(await runOnce(sql, 'forget', id, send(id))).toBe(true);
    });
  });
}

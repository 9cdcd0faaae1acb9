import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Running, serve } from '../http/serve';
import { createServiceApp } from '../http/service-app';
import type { SqlClient } from '../sql/sql-client.port';
import { sqlTargets } from '../testing/sql';
import { describeTargets } from '../testing/targets';
import { createLogger, silentLogger } from './logger';

const CLIENT = {
  clientName: 'Jordan Quill-Example',
  clientEmail: 'jordan.quill@example.com',
  clientPhone: '0412 987 654',
  ipAddress: '198.51.100.77',
  userAgent: 'Mozilla/5.0 QuillBrowser/9.9',
};
const PERSONAL = Object.values(CLIENT);

describeTargets(
  sqlTargets(),
  (target) => `a failing write logs no client data on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let running: Running;
    let url: string;
    const lines: string[] = [];

    beforeAll(async () => {
      sql = await target.open();
      await sql.exec('CREATE TABLE log_probe (email text PRIMARY KEY, data jsonb NOT NULL)');
      const logger = createLogger('probe', 'info', { write: (line: string) => void lines.push(line) });
      const app = createServiceApp({
        name: 'probe',
        logger,
        routes: (a) => {
          a.post('/duplicate', async (_req, res) => {
            const insert = 'INSERT INTO log_probe (email, data) VALUES ($1, $2)';
            await sql.query(insert, [CLIENT.clientEmail, JSON.stringify(CLIENT)]);
            await sql.query(insert, [CLIENT.clientEmail, JSON.stringify(CLIENT)]);
            res.json({});
          });
          a.post('/unstorable', async (_req, res) => {
            // jsonb refuses \u0000: the error quotes the parameter unless it is kept out of the log.
            await sql.query('INSERT INTO log_probe (email, data) VALUES ($1, $2::jsonb)', [
              'other@example.com',
              `{"n":"${CLIENT.clientName}\\u0000","e":"${CLIENT.clientEmail}","p":"${CLIENT.clientPhone}","ip":"${CLIENT.ipAddress}","ua":"${CLIENT.userAgent}"}`,
            ]);
            res.json({});
          });
        },
      });
      running = await serve(app, { port: 0, host: '127.0.0.1', logger: silentLogger() });
      url = `http://127.0.0.1:${running.port}`;
    });
    afterAll(async () => {
      await running?.stop();
      await sql?.close();
    });

    it.each(['/duplicate', '/unstorable'])(
      '%s: 500 logged with its message and code, without parameters or row detail',
      async (path) => {
        lines.length = 0;
        const res = await fetch(`${url}${path}`, { method: 'POST' });
        expect(res.status).toBe(500);
        const logged = lines.join('\n');
        expect(logged).toContain('unhandled error');
        expect(logged).toMatch(/"code":"(23505|22P02|22P05)"/);
        for (const value of PERSONAL) expect(logged).not.toContain(value);
      },
    );
  },
);

// The analytics benchmark's load generator, in its own process as real clients are: it builds
// `count` question events in requests of 100 (one session each, the page's shape), tells its
// parent how many distinct events that is, and on "go" posts them to `url` with `inFlight`
// requests at a time, then reports when every request was accepted and the CPU time it used.
// Usage: fork('bench/support/ingest-client.mjs', [url, path, count, inFlight])
import { randomUUID } from 'node:crypto';
import http from 'node:http';

const [url, path, count, inFlight] = process.argv.slice(2);
const DEVICES = ['desktop', 'mobile', 'tablet'];
const now = Date.now();

const pageEvent = (sessionId, n, at) => ({
  sessionId,
  questionId: `q${n}`,
  questionViewedAt: new Date(at).toISOString(),
  questionAnsweredAt: new Date(at + 4_000).toISOString(),
  timeSpent: 4_000,
  answerChanges: n % 3 === 0 ? 1 : 0,
  finalAnswer: 3,
  deviceType: DEVICES[n % 3],
});

const bodies = [];
const distinct = new Set();
for (let i = 0; i < Number(count) / 100; i++) {
  // The page's format: a UUIDv7, the time it began and random bits.
  const t = now.toString(16).padStart(12, '0');
  const sessionId = `${t.slice(0, 8)}-${t.slice(8)}-7${randomUUID().slice(15)}`;
  const events = Array.from({ length: 100 }, (_, k) => pageEvent(sessionId, (k % 18) + 1, now - k * 1000));
  for (const e of events) distinct.add(`${e.sessionId}/${e.questionId}/${e.questionViewedAt}`);
  bodies.push(JSON.stringify({ events }));
}

// node:http with kept-alive sockets rather than fetch: the client shares the machine's cores with
// the product, and fetch costs several times the CPU a request.
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(inFlight) });
const post = (body) =>
  new Promise((resolve, reject) => {
    const req = http.request(
      `${url}${path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 202 ? resolve() : reject(new Error(`ingest answered ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });

process.on('message', async (message) => {
  if (message !== 'go') return;
  const startCpu = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: Number(inFlight) }, async () => {
      while (next < bodies.length) await post(bodies[next++]);
    }),
  );
  const cpu = process.cpuUsage(startCpu);
  process.send({ accepted: true, cpuMs: (cpu.user + cpu.system) / 1000 }, () => process.exit(0));
});
process.send({ ready: true, events: distinct.size });

// `npm run backup -- <file>`: a consistent backup of the embedded product running on DATA_DIR,
// taken by the product itself through its loopback ops endpoint (gateway/src/embedded/backup/),
// written to <file> (a gzipped tar; docs/deployment.md, "Backups").
import { createWriteStream, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run backup -- <file>   (DATA_DIR names the running product's folder)");
  process.exit(2);
}
const dataDir = resolve(process.env.DATA_DIR || './data');
const opsFile = join(dataDir, 'ops.json');
if (!existsSync(opsFile)) {
  console.error(
    `No running product found on ${dataDir} (${opsFile} is missing). Start it (npm start), or, while it is stopped, copy the folder itself.`,
  );
  process.exit(1);
}
const { port, token } = JSON.parse(readFileSync(opsFile, 'utf8'));
let response;
try {
  response = await fetch(`http://127.0.0.1:${port}/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
} catch (error) {
  console.error(
    `The product on ${dataDir} does not answer on its ops port ${port}: ${error.cause?.message ?? error.message}`,
  );
  process.exit(1);
}
if (!response.ok || !response.body) {
  const text = await response.text();
  let message = text;
  try {
    message = JSON.parse(text).error ?? text;
  } catch {}
  console.error(`Backup refused (${response.status}): ${message}`);
  process.exit(1);
}
// Written aside and renamed, so <file> is either a whole backup or absent.
const target = resolve(file);
const partial = `${target}.partial`;
try {
  await pipeline(Readable.fromWeb(response.body), createWriteStream(partial, { mode: 0o600 }));
  renameSync(partial, target);
} catch (error) {
  rmSync(partial, { force: true });
  console.error(`Backup failed while being written: ${error.message}`);
  process.exit(1);
}
console.log(`Backup of ${dataDir} written to ${target}`);

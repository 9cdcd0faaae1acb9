// `npm start`: builds when the sources are newer than the last build, then runs the gateway and
// the four services in this one process on embedded adapters (docs/architecture.md, "Modes").
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './lib/build-if-stale.mjs';
import { frontendDist, serverDist } from './lib/paths.mjs';

buildIfStale('Building Risk Profile (first start or sources changed)...');

process.env.FRONTEND_DIST ??= frontendDist;
await import(pathToFileURL(join(serverDist, 'embedded.mjs')).href);

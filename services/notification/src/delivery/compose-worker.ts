import { parentPort, workerData } from 'node:worker_threads';
import { type ComposerOptions, createComposer } from './compose';
import type { ComposeReply, ComposeRequest } from './worker-composer';

// Entry of the report composer's worker thread (bundled as report-composer.mjs beside each server
// entry): renders and encodes the messages the sender asks for, one request at a time in arrival
// order, off the event loop that answers clients.
const port = parentPort;
if (!port) throw new Error('report-composer runs as a worker thread (see worker-composer.ts)');
const compose = createComposer(workerData as ComposerOptions);
port.on('message', (request: ComposeRequest) => {
  compose(request.delivery).then(
    (composed) => port.postMessage({ id: request.id, composed } satisfies ComposeReply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies ComposeReply),
  );
});

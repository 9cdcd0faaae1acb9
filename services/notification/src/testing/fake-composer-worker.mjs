// A stand-in for the report composer's worker (tests of worker-composer.ts): it answers each
// request with an SMS naming its thread, exits at once on a delivery of kind "exit", and never
// answers one of kind "hang".
import { parentPort, threadId } from 'node:worker_threads';

parentPort.on('message', ({ id, delivery }) => {
  if (delivery.kind === 'exit') process.exit(3);
  if (delivery.kind === 'hang') return;
  parentPort.postMessage({ id, composed: { channel: 'sms', text: `thread ${threadId}` } });
});

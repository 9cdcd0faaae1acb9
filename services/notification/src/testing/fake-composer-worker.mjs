// A stand-in for the report composer's worker (tests of worker-composer.ts): it answers each
// request with an SMS naming its thread, exits at once on a delivery of kind "exit", never
// answers one of kind "hang", spins without end on one of kind "spin" (a render that never
// finishes: it holds up the requests behind it), and answers one of kind "slow" after 150 ms.
import { parentPort, threadId } from 'node:worker_threads';

parentPort.on('message', ({ id, delivery }) => {
  if (delivery.kind === 'exit') process.exit(3);
  if (delivery.kind === 'hang') return;
  if (delivery.kind === 'spin') for (;;);
  const answer = () =>
    parentPort.postMessage({ id, composed: { channel: 'sms', text: `thread ${threadId}` } });
  if (delivery.kind === 'slow') setTimeout(answer, 150);
  else answer();
});

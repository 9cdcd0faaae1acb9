import { type RoundOutcome, WakeableLoop } from './wakeable-loop';

export interface WorkerOptions {
  /** One round of work. */
  round: () => Promise<RoundOutcome>;
  /** A round failed; the loop waits and tries again. */
  onError: (error: unknown) => void;
  pollIntervalMs: number;
  maxPollIntervalMs?: number;
  lingerMs?: number;
}

export interface Worker {
  /** Looks for work now rather than at the next poll. */
  wake(): void;
  /** Runs one round now, in turn with the background loop (rounds never overlap); rejects if it fails. */
  runRound(): Promise<RoundOutcome>;
  /** Runs rounds until one finds nothing (tests and tools); rejects if a round fails. */
  drain(): Promise<void>;
  /** Lets the round in progress finish and stops the loop. */
  stop(): Promise<void>;
}

/**
 * Runs rounds of work in the background, and lets the caller run one now (to finish off at a
 * stop, or to drain in a test) without two rounds ever running at once.
 */
export function startWorker(options: WorkerOptions): Worker {
  // Rounds never overlap: runRound() and the background loop take turns.
  let turn: Promise<unknown> = Promise.resolve();
  function runRound(): Promise<RoundOutcome> {
    const result = turn.then(options.round);
    turn = result.catch(() => {});
    return result;
  }

  const loop = new WakeableLoop({
    round: runRound,
    onError: options.onError,
    pollIntervalMs: options.pollIntervalMs,
    maxPollIntervalMs: options.maxPollIntervalMs,
    lingerMs: options.lingerMs,
  });
  loop.start();

  return {
    wake: () => loop.wake(),
    runRound,
    async drain() {
      while ((await runRound()) !== 'none') {}
    },
    stop: () => loop.stop(),
  };
}

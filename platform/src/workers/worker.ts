import { type RoundOutcome, WakeableLoop, type WakeableLoopOptions } from './wakeable-loop';

/** The loop's options: a round that fails is reported to `onError`, and the loop tries again. */
export type WorkerOptions = WakeableLoopOptions;

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

  const loop = new WakeableLoop({ ...options, round: runRound });
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

/** What a sender offers: a nudge, a drain for tests and tools, and a stop. */
export interface AttemptingWorker {
  wake(): void;
  /** Runs rounds and waits for the attempts they start until none is left. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A worker whose rounds start attempts that run beside them (a sender's sends, keyed in
 * `underway`) and record what the attempts did in a later round. `stop` takes no new work
 * (`onStopping`), lets the attempts under way finish, and runs one last round to record them
 * before the loop stops; a failure of that round goes to `onLastRoundFailed`.
 */
export function attemptingWorker(
  worker: Worker,
  underway: ReadonlyMap<string, Promise<unknown>>,
  options: { onStopping: () => void; onLastRoundFailed: (error: unknown) => void },
): AttemptingWorker {
  const settled = () => Promise.all(underway.values());
  return {
    wake: worker.wake,
    async drain() {
      for (;;) {
        await worker.drain();
        if (underway.size === 0) return;
        await settled();
      }
    },
    async stop() {
      options.onStopping();
      await settled();
      await worker.runRound().catch(options.onLastRoundFailed);
      await worker.stop();
    },
  };
}

import type { Logger } from '../logging/logger';

/** Something that answers GETs on a path: one service, at one address or several. */
export interface HttpUpstream {
  /**
   * GET `path`. Only for requests that are safe to send twice: a pool sends it to the next
   * address when one fails with a network error or does not answer within `timeoutMs` (2 s;
   * null waits as long as the answer takes, for a service in this process).
   */
  get(path: string, options?: { timeoutMs?: number | null }): Promise<Response>;
}

export interface UpstreamPoolOptions {
  /** The service's name, in log lines. */
  name: string;
  logger?: Logger;
  /** How often every address's readiness (GET /readyz) is asked; only with two or more addresses. */
  probeIntervalMs?: number;
  probeTimeoutMs?: number;
  /** How long an address that refused a connection or failed its readiness is passed over. */
  downForMs?: number;
  now?: () => number;
}

/**
 * The addresses of one service (a comma-separated `*_URL`), used in turn. An address that refuses
 * connections, or whose readiness fails, is passed over until its readiness succeeds again (or
 * `downForMs` passes without a probe), so a stopped instance costs no request that another could
 * serve. When every address is down they are still tried: a probe that failed is no reason to
 * refuse a request here that the service might yet answer.
 */
export interface UpstreamPool extends HttpUpstream {
  readonly name: string;
  readonly addresses: readonly string[];
  /** The addresses one request tries, in order: the next one up in turn, the others up, then those down. */
  attempts(): string[];
  /** The address refused or dropped a connection: pass it over for a while. */
  markDown(address: string, reason?: unknown): void;
  /** The address answered: its connection works (a failed readiness stands until a probe succeeds). */
  markUp(address: string): void;
  /** Asks every address's readiness now; true when at least one is ready. */
  probe(): Promise<boolean>;
  /** Stops the background probe (an idempotent close; down marks then lapse after `downForMs`). */
  close(): void;
}

interface AddressState {
  /** Passed over until these times (ms), for a refused connection and for a failed readiness; 0: not. */
  refusedUntil: number;
  notReadyUntil: number;
  /** Whether it was ever seen up, so a service still starting is logged quietly. */
  seenUp: boolean;
}

export function createUpstreamPool(addresses: readonly string[], options: UpstreamPoolOptions): UpstreamPool {
  if (addresses.length === 0) throw new Error(`The ${options.name} service has no address`);
  const now = options.now ?? Date.now;
  const downForMs = options.downForMs ?? 5_000;
  const probeTimeoutMs = options.probeTimeoutMs ?? 1_000;
  const states = new Map<string, AddressState>(
    addresses.map((a) => [a, { refusedUntil: 0, notReadyUntil: 0, seenUp: false }]),
  );
  const stateOf = (address: string) => {
    const state = states.get(address);
    if (!state) throw new Error(`${address} is not an address of the ${options.name} service`);
    return state;
  };
  const isDown = (address: string) => {
    const state = stateOf(address);
    return now() < Math.max(state.refusedUntil, state.notReadyUntil);
  };
  let cursor = 0;

  /** Changes the address's state, logging when that takes it out of the rotation or back. */
  const update = (address: string, change: (state: AddressState) => void, reason?: unknown) => {
    const state = stateOf(address);
    const wasDown = isDown(address);
    change(state);
    if (wasDown === isDown(address) || addresses.length === 1) return;
    if (wasDown) {
      options.logger?.info({ upstream: options.name, address }, 'upstream back in rotation');
      return;
    }
    // A service still starting is expected to refuse; one that answered before is news.
    options.logger?.[state.seenUp ? 'warn' : 'info'](
      { upstream: options.name, address, reason: describe(reason) },
      'upstream passed over',
    );
  };
  const markDown = (address: string, reason?: unknown) =>
    update(
      address,
      (state) => {
        state.refusedUntil = Math.max(state.refusedUntil, now() + downForMs);
      },
      reason,
    );
  // An answer proves the connection, not readiness: an instance that says it is not ready stays
  // passed over until it says otherwise.
  const markUp = (address: string) =>
    update(address, (state) => {
      state.refusedUntil = 0;
      state.seenUp = true;
    });
  const markReady = (address: string, ready: boolean, reason?: unknown) =>
    update(
      address,
      (state) => {
        state.notReadyUntil = ready ? 0 : now() + downForMs;
        if (ready) {
          state.refusedUntil = 0;
          state.seenUp = true;
        }
      },
      reason,
    );

  const probeOne = async (address: string): Promise<boolean> => {
    try {
      const res = await fetch(new URL('/readyz', address), { signal: AbortSignal.timeout(probeTimeoutMs) });
      await res.body?.cancel();
      markReady(address, res.ok, `readiness answered ${res.status}`);
      return res.ok;
    } catch (error) {
      markReady(address, false, error);
      return false;
    }
  };
  const probe = async () => (await Promise.all(addresses.map(probeOne))).some(Boolean);

  // One address has nowhere else to send a request, so it is not probed in the background.
  let timer: NodeJS.Timeout | undefined;
  if (addresses.length > 1) {
    let probing = false;
    timer = setInterval(() => {
      if (probing) return;
      probing = true;
      void probe().finally(() => {
        probing = false;
      });
    }, options.probeIntervalMs ?? 1_500);
    timer.unref();
  }

  const attempts = () => {
    const rotated = addresses.map((_, i) => addresses[(cursor + i) % addresses.length] as string);
    const up = rotated.filter((a) => !isDown(a));
    const down = rotated.filter(isDown);
    // The next request starts after the one chosen now, so the others up share the load evenly.
    cursor = (addresses.indexOf(up[0] ?? (rotated[0] as string)) + 1) % addresses.length;
    return [...up, ...down];
  };

  return {
    name: options.name,
    addresses,
    attempts,
    markDown,
    markUp,
    probe,
    async get(path, { timeoutMs = 2_000 } = {}) {
      let failure: unknown;
      for (const address of attempts()) {
        try {
          const res = await fetch(new URL(path, address), timeoutSignal(timeoutMs));
          markUp(address);
          return res;
        } catch (error) {
          // A slow instance is not a stopped one: only a refused or dropped connection marks it down.
          if (isConnectionFailure(error)) markDown(address, error);
          failure = error;
        }
      }
      throw failure;
    },
    close() {
      clearInterval(timer);
    },
  };
}

/** An HttpUpstream at one address, which may be known only once first asked (an in-process origin). */
export function singleOrigin(origin: () => Promise<string> | string): HttpUpstream {
  return {
    async get(path, { timeoutMs = 2_000 } = {}) {
      return fetch(new URL(path, await origin()), timeoutSignal(timeoutMs));
    },
  };
}

function timeoutSignal(timeoutMs: number | null): RequestInit {
  return timeoutMs === null ? {} : { signal: AbortSignal.timeout(timeoutMs) };
}

/** Codes of a connection that could not be made or was dropped (Node's and undici's, fetch's cause). */
const CONNECTION_FAILURE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UPSTREAM_CONNECT_TIMEOUT',
]);

/** Whether `error` (or its cause: fetch wraps them) is a connection that failed rather than an answer. */
export function isConnectionFailure(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && CONNECTION_FAILURE_CODES.has(code)) return true;
    // Several addresses of one host tried at once fail together (an AggregateError).
    if (Array.isArray(errors) && errors.some(isConnectionFailure)) return true;
    current = cause;
  }
  return false;
}

function describe(reason: unknown): unknown {
  if (!(reason instanceof Error)) return reason;
  const code = (reason as { code?: unknown }).code ?? (reason.cause as { code?: unknown } | undefined)?.code;
  return code ? `${reason.message} (${String(code)})` : reason.message;
}

import { yesBody } from '@risk-profile/assessment/testing';

/** What the page sends on the YES path, one client per assessment (client{n}@example.com). */
export function draftBody(n: number): string {
  return JSON.stringify(
    yesBody({
      clientName: `Bench Client ${n}`,
      clientEmail: `client${n}@example.com`,
      signatureData: `draft_${Date.now()}`,
      sessionId: `bench-${n}`,
    }),
  );
}

export const signBody = JSON.stringify({
  investmentExclusions: 'Tobacco',
  investmentPreferences: 'Australian shares',
  confirmed: true,
});

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export interface LoadResult {
  completed: number;
  failures: number;
  /** Answers by status code (warm-up included): 201, 200, 429, 503... */
  statuses: Record<number, number>;
  seconds: number;
  /** Each draft or sign request, sorted. */
  requestMs: number[];
  /** Draft plus sign, per assessment, sorted. */
  assessmentMs: number[];
}

/**
 * The load of bench/assessments: `concurrency` clients each drafting and signing assessments
 * back to back through the gateway, measured after a warm-up. `onSigning(n, at)` is told when
 * the sign request of client n is sent (performance.timeOrigin-relative wall time: Date.now()).
 */
export async function runAssessmentLoad(
  url: string,
  options: {
    concurrency: number;
    durationMs: number;
    warmupMs: number;
    /** Paces the clients to start this many assessments a second in total; default flat out. */
    ratePerSecond?: number;
    onSigning?: (n: number, at: number, measured: boolean) => void;
    /** Told when client n's signing was answered 200 (Date.now()). */
    onSigned?: (n: number, at: number, measured: boolean) => void;
    /** Told when the warm-up ends and the measured part starts. */
    onMeasuring?: () => void;
  },
): Promise<LoadResult> {
  const requestMs: number[] = [];
  const assessmentMs: number[] = [];
  let completed = 0;
  let failures = 0;
  const statuses: Record<number, number> = {};
  let counter = 0;
  let measuring = false;
  const post = async (path: string, body: string) => {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const json = (await res.json()) as { id?: string };
    if (measuring) requestMs.push(performance.now() - t0);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    return { status: res.status, json };
  };
  let paceFrom = performance.now();
  let paced = 0;
  const waitForSlot = async () => {
    if (!options.ratePerSecond) return;
    const slot = paceFrom + (paced++ * 1000) / options.ratePerSecond;
    const wait = slot - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
  const client = async (until: number) => {
    while (performance.now() < until) {
      await waitForSlot();
      if (performance.now() >= until) break;
      const t0 = performance.now();
      const n = counter++;
      const draft = await post('/api/assessments', draftBody(n));
      let signed = draft;
      if (draft.status === 201) {
        options.onSigning?.(n, Date.now(), measuring);
        signed = await post(`/api/assessments/${draft.json.id}/sign`, signBody);
        if (signed.status === 200) options.onSigned?.(n, Date.now(), measuring);
      }
      if (!measuring) continue;
      if (draft.status === 201 && signed.status === 200) {
        completed++;
        assessmentMs.push(performance.now() - t0);
      } else failures++;
    }
  };
  const warmupEnd = performance.now() + options.warmupMs;
  await Promise.all(Array.from({ length: options.concurrency }, () => client(warmupEnd)));
  measuring = true;
  options.onMeasuring?.();
  const start = performance.now();
  paceFrom = start;
  paced = 0;
  const end = start + options.durationMs;
  await Promise.all(Array.from({ length: options.concurrency }, () => client(end)));
  const seconds = (performance.now() - start) / 1000;
  requestMs.sort((a, b) => a - b);
  assessmentMs.sort((a, b) => a - b);
  return { completed, failures, statuses, seconds, requestMs, assessmentMs };
}

export function describeLoad(label: string, result: LoadResult): string {
  const f = (x: number) => `${x.toFixed(1)} ms`;
  return [
    `${label}: ${(result.completed / result.seconds).toFixed(0)} complete assessments/s (${result.completed} in ${result.seconds.toFixed(1)} s, ${result.failures} failed)`,
    `  per request (draft or sign): p50 ${f(percentile(result.requestMs, 50))}, p99 ${f(percentile(result.requestMs, 99))}`,
    `  per assessment (draft + sign): p50 ${f(percentile(result.assessmentMs, 50))}, p99 ${f(percentile(result.assessmentMs, 99))}`,
    `  answers: ${Object.entries(result.statuses)
      .map(([status, count]) => `${status} x${count}`)
      .join(', ')}`,
  ].join('\n');
}

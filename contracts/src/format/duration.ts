/**
 * Durations for the dashboard: under a second in milliseconds ("850ms"), under a minute in
 * seconds ("12.3s"), otherwise in minutes ("2.5m"), one decimal. A value that would round up to
 * the next unit's threshold is shown in that unit ("1.0s", not "1000ms"; "1.0m", not "60.0s").
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`Not a duration: ${ms}`);
  if (Math.round(ms) < 1000) return `${Math.round(ms)}ms`;
  const seconds = (ms / 1000).toFixed(1);
  if (Number(seconds) < 60) return `${seconds}s`;
  return `${(ms / 60_000).toFixed(1)}m`;
}

/** A percentage to one decimal place: 66.666 becomes "66.7%". */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a percentage: ${value}`);
  return `${value.toFixed(1)}%`;
}

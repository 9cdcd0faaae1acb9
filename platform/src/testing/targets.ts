import { describe } from 'vitest';

/** Something a suite runs against (a database, a broker, a server), or why it cannot run here. */
export interface TestTarget {
  name: string;
  /** Why this target is skipped here, or undefined when it runs. */
  skipReason?: string;
}

/** A suite title that carries the reason when the suite is skipped, so every report says why. */
export function targetTitle(title: string, skipReason: string | undefined): string {
  return skipReason ? `${title} (skipped: ${skipReason})` : title;
}

/**
 * One describe block for one target: it runs where the target is present and is skipped, with the
 * reason in its title, where it is not. The only way a suite in this repository is skipped.
 */
export function describeTarget<T extends TestTarget>(
  title: string,
  target: T,
  body: (target: T) => void,
): void {
  describe.skipIf(Boolean(target.skipReason))(targetTitle(title, target.skipReason), () => body(target));
}

/** `describeTarget` for each target; the title is built per target (for example "… on PGlite"). */
export function describeTargets<T extends TestTarget>(
  targets: readonly T[],
  title: (target: T) => string,
  body: (target: T) => void,
): void {
  for (const target of targets) describeTarget(title(target), target, body);
}

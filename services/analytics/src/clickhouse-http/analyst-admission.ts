import type { Caller } from './analyst-caller';
import type { AnalystEngine, AnalystEngineSlot } from './analyst-engine';
import { CH, chError } from './clickhouse-error';

/**
 * Who may start a query now: at most `perAnalyst` at once for one analyst, and only while the
 * engine has a free slot. Each admitted query holds its slot until `release`.
 */
export class AnalystAdmission {
  private readonly running = new Map<string, number>();

  constructor(
    private readonly engine: AnalystEngine,
    private readonly perAnalyst: number,
  ) {}

  admit(caller: Caller): AnalystEngineSlot {
    const mine = this.running.get(caller.analyst.id) ?? 0;
    if (mine >= this.perAnalyst) {
      throw chError(
        CH.TOO_MANY_SIMULTANEOUS_QUERIES,
        `Too many simultaneous queries for user ${caller.analyst.email}. Maximum: ${this.perAnalyst}`,
      );
    }
    const slot = this.engine.acquire();
    if (!slot)
      throw chError(
        CH.TOO_MANY_SIMULTANEOUS_QUERIES,
        'Too many simultaneous analyst queries. Try again shortly',
      );
    this.running.set(caller.analyst.id, mine + 1);
    return slot;
  }

  release(caller: Caller, slot: AnalystEngineSlot): void {
    this.engine.release(slot);
    const left = (this.running.get(caller.analyst.id) ?? 1) - 1;
    if (left > 0) this.running.set(caller.analyst.id, left);
    else this.running.delete(caller.analyst.id);
  }
}

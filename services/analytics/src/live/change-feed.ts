/**
 * Tells open dashboards that the projections changed. Notifications are coalesced: the first
 * change is announced at once, further changes within `minGapMs` in one trailing announcement, so
 * a burst of flushes costs each dashboard one refetch per gap, and nothing waits longer than it.
 */
export class ChangeFeed {
  private readonly listeners = new Set<() => void>();
  private last = 0;
  private trailing: NodeJS.Timeout | undefined;

  constructor(private readonly minGapMs = 300) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  changed(): void {
    if (this.trailing) return;
    const wait = this.last + this.minGapMs - Date.now();
    if (wait <= 0) {
      this.announce();
      return;
    }
    this.trailing = setTimeout(() => {
      this.trailing = undefined;
      this.announce();
    }, wait);
  }

  close(): void {
    clearTimeout(this.trailing);
    this.trailing = undefined;
    this.listeners.clear();
  }

  private announce(): void {
    this.last = Date.now();
    for (const listener of this.listeners) listener();
  }
}

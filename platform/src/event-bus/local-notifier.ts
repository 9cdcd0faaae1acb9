import type { SqlClient } from '../sql/sql-client.port';

type Listener = () => void;
type PublishListener = (partitions: readonly number[]) => void;

/**
 * Wakes consumers in this process as soon as something they care about happens here, instead of
 * waiting for their next poll: a publish to a topic, or a member joining or leaving a group.
 * Other processes still find out by polling.
 */
export class LocalNotifier {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly publishListeners = new Map<string, Set<PublishListener>>();

  private static readonly bySql = new WeakMap<SqlClient, LocalNotifier>();

  /** One notifier per database handle, so buses sharing a SqlClient wake each other. */
  static for(sql: SqlClient): LocalNotifier {
    let notifier = LocalNotifier.bySql.get(sql);
    if (!notifier) {
      notifier = new LocalNotifier();
      LocalNotifier.bySql.set(sql, notifier);
    }
    return notifier;
  }

  /** Messages were written to these partitions of the topic. */
  published(topic: string, partitions: readonly number[]): void {
    for (const listener of [...(this.publishListeners.get(topic) ?? [])]) listener(partitions);
  }

  onPublished(topic: string, listener: PublishListener): () => void {
    return this.on(this.publishListeners, topic, listener);
  }

  groupChanged(groupId: string): void {
    this.emit(`group:${groupId}`);
  }

  onGroupChanged(groupId: string, listener: Listener): () => void {
    return this.on(this.listeners, `group:${groupId}`, listener);
  }

  private on<L>(listeners: Map<string, Set<L>>, channel: string, listener: L): () => void {
    let set = listeners.get(channel);
    if (!set) {
      set = new Set();
      listeners.set(channel, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(channel);
    };
  }

  private emit(channel: string): void {
    for (const listener of [...(this.listeners.get(channel) ?? [])]) listener();
  }
}

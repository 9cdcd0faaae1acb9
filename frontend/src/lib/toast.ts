/**
 * A tiny toast queue shared by every feature. Only the newest toast is kept visible; a dismissed
 * toast stays mounted (closed) for a long time so that its exit animation and screen-reader
 * announcement are never cut short, and is then removed.
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before auto-dismissal; the provider's default (5000 ms) when omitted. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = (toasts: readonly ToastItem[]) => void;

export interface ToastStore {
  show(input: ToastInput): string;
  dismiss(id?: string): void;
  remove(id: string): void;
  getSnapshot(): readonly ToastItem[];
  subscribe(listener: Listener): () => void;
}

export interface ToastStoreOptions {
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function createToastStore(options: ToastStoreOptions = {}): ToastStore {
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let toasts: readonly ToastItem[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const removalTimers = new Map<string, unknown>();

  const emit = (next: readonly ToastItem[]) => {
    toasts = next;
    for (const listener of listeners) listener(toasts);
  };

  const scheduleRemoval = (id: string) => {
    if (removalTimers.has(id)) return;
    removalTimers.set(
      id,
      setTimer(() => store.remove(id), TOAST_REMOVE_DELAY_MS),
    );
  };

  const store: ToastStore = {
    show(input) {
      counter += 1;
      const id = `toast-${counter}`;
      emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
      return id;
    },
    dismiss(id) {
      for (const toast of toasts) if (id === undefined || toast.id === id) scheduleRemoval(toast.id);
      emit(toasts.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)));
    },
    remove(id) {
      const timer = removalTimers.get(id);
      if (timer !== undefined) clearTimer(timer);
      removalTimers.delete(id);
      emit(toasts.filter((toast) => toast.id !== id));
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

export const toastStore = createToastStore();

export function toast(input: ToastInput): string {
  return toastStore.show(input);
}

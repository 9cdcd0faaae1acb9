import { Toast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { toastStore } from '../../lib/toast';

const DEFAULT_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/** The notification region present on every page. F8 (Radix's default hotkey) moves focus to it. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  return (
    <Toast.Provider
      duration={DEFAULT_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) toastStore.dismiss(item.id);
          }}
          duration={item.duration}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={`toast toast--${item.variant ?? 'default'}`}
          data-testid="toast"
        >
          <div className="toast__body">
            <Toast.Title className="toast__title">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="toast__description">{item.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close className="toast__close" aria-label="Close notification">
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}

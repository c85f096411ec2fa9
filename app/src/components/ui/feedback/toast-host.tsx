import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

export const TOAST_LIMIT = 20;

/** The app-wide notifier: top-right, SPEC 9 durations, at most 20 visible. */
export function ToastHost() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return (
    <Toaster
      position="top-right"
      // By default the container is a transparent layer over the whole page, which makes
      // contrast checkers give up on everything beneath it; a zero-height strip suffices.
      containerStyle={{ bottom: 'auto', left: 'auto', width: 'min(22rem, calc(100vw - 2rem))' }}
      toastOptions={{
        duration: 4000,
        success: { duration: 2000 },
        error: { duration: 4000 },
        loading: { duration: Infinity },
      }}
    />
  );
}

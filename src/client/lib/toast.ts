import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * Toasts without paying for sonner on first load: the library (and its <Toaster>) is fetched the
 * first time a toast is shown. sonner replays toasts created before its Toaster subscribes, so
 * nothing is lost while the chunk loads. Import `toast` from here, not from 'sonner'.
 */

let requested = false;
const listeners = new Set<() => void>();

function loadSonner() {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return import('sonner');
}

type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'message';

const show = (kind: ToastKind) => (message: string, data?: ExternalToast) => {
  void loadSonner().then(({ toast: sonnerToast }) => {
    sonnerToast[kind](message, data);
  });
};

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  message: show('message'),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSnapshot = () => requested;

/** True once any toast has been requested; the providers mount the Toaster from then on. */
export const useToasterRequested = (): boolean =>
  useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

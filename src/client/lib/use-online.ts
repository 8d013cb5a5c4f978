import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
const getSnapshot = () => navigator.onLine;
// The server renders online; a browser that is offline moves to its own answer after hydrating.
const getServerSnapshot = () => true;

/** Whether the browser says it has a connection (`navigator.onLine`), following changes. */
export const useOnline = (): boolean =>
  useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);

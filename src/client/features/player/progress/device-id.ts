/** Identifies this tab in its saves, so it can ignore its own live events (per tab: sessionStorage). */
export const DEVICE_ID_KEY = 'relatos.deviceId';

let memoryId: string | null = null;

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function getDeviceId(): string {
  try {
    const stored = sessionStorage.getItem(DEVICE_ID_KEY);
    if (stored) return stored;
    const id = newId();
    sessionStorage.setItem(DEVICE_ID_KEY, id);
    return id;
  } catch {
    memoryId ??= newId();
    return memoryId;
  }
}

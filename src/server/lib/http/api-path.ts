/**
 * A contract's path (written whole, /api/...) as a route of a plugin registered under /api, so
 * the contract's path stays the one the client calls.
 */
export const underApi = (path: string): string => path.replace(/^\/api/, '');

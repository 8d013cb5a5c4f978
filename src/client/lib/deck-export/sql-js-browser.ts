import initSqlJs, { type SqlJsStatic } from 'sql.js';
// The wasm is one of our own built assets (hashed, same origin): nothing is fetched elsewhere.
import sqlWasmUrl from 'sql.js/dist/sql-wasm.wasm?url';

let loading: Promise<SqlJsStatic> | undefined;

/** sql.js, initialised once per page with the wasm from our bundle. */
export function loadSqlJs(): Promise<SqlJsStatic> {
  loading ??= initSqlJs({ locateFile: () => sqlWasmUrl }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

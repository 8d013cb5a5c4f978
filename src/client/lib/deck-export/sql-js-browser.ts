import type { SqlJsStatic } from 'sql.js';
// sql.js's asm.js build: plain JavaScript, so it runs under our Content-Security-Policy
// (script-src 'self', which forbids compiling WebAssembly; decision 036). It is one of our own
// built chunks, loaded only when a learner asks for a package: nothing is fetched elsewhere.
import initSqlJs from 'sql.js/dist/sql-asm.js';

let loading: Promise<SqlJsStatic> | undefined;

/** sql.js, initialised once per page. */
export function loadSqlJs(): Promise<SqlJsStatic> {
  loading ??= initSqlJs().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

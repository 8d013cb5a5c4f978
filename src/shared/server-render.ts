/**
 * The contract between the server and the client's server-rendering bundle (built from
 * src/client/entry-server.tsx into dist/ssr/entry-server.js and loaded by the server at start-up):
 * neither side imports the other's source.
 */
export interface ServerRenderInput {
  /** Path and query of the page, as the browser asked for it. */
  url: string;
  /**
   * The data inlined into the page's `relatos-data` block (keys in
   * src/client/features/site/inlined-data.ts): the render reads exactly what the browser will
   * hydrate with.
   */
  data: Record<string, unknown>;
}

/** The markup of the app for `url`, to place inside `<div id="root">`; rejects if rendering failed. */
export type ServerRender = (input: ServerRenderInput) => Promise<string>;

export const SERVER_RENDER_TIMEOUT_MS = 2_000;

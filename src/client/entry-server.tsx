import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { CurrentUser } from '#shared/contracts/auth';
import { INLINED_KEYS, SERVER_RENDER_TIMEOUT_MS, type ServerRender } from '#shared/server-render';
import { AppProviders } from '#client/app/providers';
import { AppRoutes } from '#client/app/routes';
import { seedInlinedQueries } from '#client/app/ssr/seed-inlined-queries';
import { createQueryClient } from '#client/lib/query-client';

/**
 * Server rendering of a page (built into dist/ssr by `npm run build`, called by the server): the
 * same tree as src/client/main.tsx, on a static router, with the query cache seeded from the
 * data the page inlines. `prerender` waits for the lazy route chunks, so the markup is the page
 * itself rather than its loading state; the browser then hydrates it.
 */
export const render: ServerRender = async ({ url, data, timeoutMs = SERVER_RENDER_TIMEOUT_MS }) => {
  const queryClient = createQueryClient();
  seedInlinedQueries(queryClient, data);
  const session = data[INLINED_KEYS.session] as { user: CurrentUser | null } | undefined;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders queryClient={queryClient} initialUser={session?.user}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    {
      signal: AbortSignal.timeout(timeoutMs),
      // Every boundary inline: no out-of-order segments, whose inline scripts the CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  queryClient.clear();
  // An error inside a boundary would ship its fallback: the server logs it and sends no markup,
  // and the browser renders the page itself.
  if (errors.length > 0) throw new Error('Server rendering failed', { cause: errors[0] });
  return html;
};

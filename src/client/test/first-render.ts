/**
 * How long a test waits for a page's first render: it imports the page's lazy route modules,
 * which a busy machine (the whole suite on two cores) transforms slowly. Below the test's own
 * 30 s limit, so a page that never renders still fails with the query's message.
 */
export const FIRST_RENDER = { timeout: 25_000 };

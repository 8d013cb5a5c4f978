/**
 * The built-in sandbox checkout's pages: small, self-contained HTML with no script at all (the
 * site's CSP allows none inline), plain forms posting to our own origin, and a label no one can
 * miss saying that no money moves.
 */

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const formatAmount = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );

const styles = `
  :root { color-scheme: light dark; --accent: #b4441f; --ink: #2a211b; --muted: #62544a;
    --line: #e6dacb; --canvas: #fbf7f1; --surface: #fff; --warn: #fef3c7; --warn-ink: #92400e; }
  @media (prefers-color-scheme: dark) {
    :root { --accent: #e8875f; --ink: #f5ede4; --muted: #c9b9a9; --line: #3d322b;
      --canvas: #1b1613; --surface: #251e1a; --warn: #3b2f14; --warn-ink: #fde68a; }
  }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px;
    background: var(--canvas); color: var(--ink);
    font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
  main { width: 100%; max-width: 28rem; background: var(--surface); border: 1px solid var(--line);
    border-radius: 1rem; padding: 2rem; box-shadow: 0 10px 30px rgb(0 0 0 / 0.06); }
  .banner { margin: 0 0 1.5rem; padding: 0.75rem 1rem; border-radius: 0.75rem;
    background: var(--warn); color: var(--warn-ink); font-weight: 700; text-align: center; }
  h1 { margin: 0 0 0.5rem; font-size: 1.5rem; line-height: 1.25; }
  p { margin: 0 0 1rem; color: var(--muted); }
  dl { margin: 1.5rem 0; display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; }
  dt { color: var(--muted); }
  dd { margin: 0; font-weight: 600; text-align: right; }
  .amount { font-size: 1.5rem; }
  .actions { display: grid; gap: 0.75rem; }
  form { margin: 0; }
  button, .link { display: block; width: 100%; min-height: 2.75rem; padding: 0.6rem 1.25rem;
    border-radius: 999px; border: 1px solid var(--line); font: inherit; font-weight: 600;
    text-align: center; text-decoration: none; cursor: pointer; background: var(--surface);
    color: var(--ink); }
  button.primary, .link.primary { background: var(--accent); border-color: var(--accent);
    color: #fffaf5; }
  button:focus-visible, .link:focus-visible { outline: 2px solid var(--accent);
    outline-offset: 2px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — Relatos</title>
<style>${styles}</style>
</head>
<body>
<main>
<p class="banner" role="note">Test payment — no money moves</p>
${body}
</main>
</body>
</html>`;
}

export interface SandboxCheckoutDetails {
  id: string;
  description: string;
  amountCents: number;
  currency: string;
}

export function renderCheckoutPage(session: SandboxCheckoutDetails): string {
  const base = `/api/payments/sandbox/${encodeURIComponent(session.id)}`;
  return page(
    'Sandbox checkout',
    `<h1>Sandbox checkout</h1>
<p>Card payments are not configured on this server, so this test checkout stands in for the card
provider. Confirming records a paid test donation and grants your account lifetime access, exactly
as a real payment would. No card is asked for and nothing is charged.</p>
<dl>
<dt>Support</dt><dd>${escapeHtml(session.description)}</dd>
<dt>Amount</dt><dd class="amount">${escapeHtml(formatAmount(session.amountCents, session.currency))}</dd>
</dl>
<div class="actions">
<form method="post" action="${base}/confirm"><button type="submit" class="primary">Confirm test payment</button></form>
<form method="post" action="${base}/cancel"><button type="submit">Cancel</button></form>
</div>`,
  );
}

export function renderCompletePage(successUrl: string): string {
  return page(
    'Payment complete',
    `<h1>This test payment is complete</h1>
<p>It has already been confirmed.</p>
<div class="actions"><a class="link primary" href="${escapeHtml(successUrl)}">Continue</a></div>`,
  );
}

export function renderExpiredPage(homeUrl: string): string {
  return page(
    'Checkout expired',
    `<h1>This checkout has ended</h1>
<p>It was cancelled or has expired. Nothing was charged. You can start a new one from the home
page.</p>
<div class="actions"><a class="link primary" href="${escapeHtml(homeUrl)}">Back to Relatos</a></div>`,
  );
}

export function renderNotFoundPage(homeUrl: string): string {
  return page(
    'Checkout not found',
    `<h1>Checkout not found</h1>
<p>This checkout does not exist, or it belongs to another account.</p>
<div class="actions"><a class="link primary" href="${escapeHtml(homeUrl)}">Back to Relatos</a></div>`,
  );
}

export function renderSignInPage(signInUrl: string): string {
  return page(
    'Sign in to continue',
    `<h1>Sign in to continue</h1>
<p>Only the account that started this checkout can complete it. Sign in, then open the checkout
again from the home page.</p>
<div class="actions"><a class="link primary" href="${escapeHtml(signInUrl)}">Sign In</a></div>`,
  );
}

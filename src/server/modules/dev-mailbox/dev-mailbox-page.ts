import type { DevMailboxMessage } from './dev-mailbox.service.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The /dev/mailbox page: every kept message, links clickable (confirmation and reset mails). */
export function renderDevMailboxPage(messages: DevMailboxMessage[]): string {
  const items = messages
    .map(
      (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt}</p>
<pre>${linkify(escapeHtml(m.text))}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Development mailbox — Relatos</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#222}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}
.meta{color:#555;font-size:.9rem}</style></head>
<body><main><h1>Development mailbox</h1>
<p>Mail the server would have sent (newest first). Set SMTP_URL to send real mail.</p>
${items || '<p>No messages yet.</p>'}</main></body></html>`;
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SNIPPET_HINT } from '#shared/discover/tracking-snippet';
import { trackingTags } from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, writeMinimalClient, type TestApp } from './helpers/test-app.ts';

/**
 * Tracking tags pasted as vendors give them (issue 12, decision 025): saved and then admitted by
 * the public pages' policy exactly, or refused with a message saying what to paste; a stored tag
 * never breaks a page.
 */

const ORIGIN = 'http://localhost:3000';
let t: TestApp;
let clientDir: string;
let admin: Awaited<ReturnType<typeof signedInUser>>;

const GTM_HEAD_CODE = `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':
new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],
j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src=
'https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);
})(window,document,'script','dataLayer','GTM-ABC1234');`;

const GTM_SNIPPETS = `<!-- Google Tag Manager -->
<script>${GTM_HEAD_CODE}</script>
<!-- End Google Tag Manager -->
<!-- Google Tag Manager (noscript) -->
<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-ABC1234"
height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>
<!-- End Google Tag Manager (noscript) -->`;

const GA4_CODE = `window.dataLayer = window.dataLayer || [];
  function gtag(){dataLayer.push(arguments);}
  gtag('js', new Date());
  gtag('config', 'G-TEST12345');`;
const GA4_SNIPPET = `<!-- Google tag (gtag.js) -->
<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST12345"></script>
<script>
  ${GA4_CODE}
</script>`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

beforeAll(async () => {
  clientDir = writeMinimalClient();
  t = await createTestApp({}, { clientDir });
  admin = await signedInUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.database.db.delete(trackingTags);
  await t.app.context.services.changes.announceAll();
});

const save = (scriptContent: string, tagName = 'Pasted') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/tracking-tags',
    payload: { tagName, tagType: 'custom', scriptContent },
    headers: { cookie: admin.cookie, origin: ORIGIN },
  });

/** The directives of a public page's policy, by name. */
async function pagePolicy(page = '/library') {
  const res = await t.app.inject({ method: 'GET', url: page });
  expect(res.statusCode).toBe(200);
  const directives = new Map<string, string[]>();
  for (const part of String(res.headers['content-security-policy']).split('; ')) {
    const [name, ...values] = part.split(' ');
    directives.set(name!, values);
  }
  return directives;
}

describe('a snippet pasted as the vendor gives it', () => {
  it("saves Google Tag Manager's two snippets; the page admits GTM and exactly that inline code", async () => {
    const res = await save(GTM_SNIPPETS);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().tag.scriptContent).toBe(GTM_SNIPPETS);

    const policy = await pagePolicy();
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      sha256(GTM_HEAD_CODE),
    ]);
    // gtm.js and the tags it loads report to Google's endpoints.
    expect(policy.get('connect-src')).toContain('https://*.google-analytics.com');
    // The noscript iframe is not put into the page, so no frame source is admitted.
    expect(policy.get('frame-src')).toBeUndefined();
    // The admin area never runs tags.
    expect((await pagePolicy('/admin/tags')).get('script-src')).toEqual(["'self'"]);
  });

  it('treats the admin area at any capitalisation or percent-encoding as the admin area: no tag in its policy (issue 23)', async () => {
    expect((await save(GTM_SNIPPETS)).statusCode).toBe(201);
    // The router shows the admin area at each of these (src/shared/page-routes.ts).
    for (const page of ['/ADMIN/users', '/Admin', '/aDmIn/tags/', '/%61dmin/users']) {
      expect((await pagePolicy(page)).get('script-src'), page).toEqual(["'self'"]);
    }
    // A public page beside them still admits the tag.
    expect((await pagePolicy('/Library')).get('script-src')).toContain(sha256(GTM_HEAD_CODE));
  });

  it("saves GA4's gtag.js snippet: its source's origin and its inline code's hash", async () => {
    expect((await save(GA4_SNIPPET)).statusCode).toBe(201);
    expect((await pagePolicy('/')).get('script-src')).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      sha256(GA4_CODE),
    ]);
  });

  it('lets an unknown vendor report to its own origin only', async () => {
    const plausible =
      '<script defer data-domain="relatos.example" src="https://plausible.io/js/script.js"></script>';
    expect((await save(plausible)).statusCode).toBe(201);
    const policy = await pagePolicy();
    expect(policy.get('script-src')).toEqual(["'self'", 'https://plausible.io']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://plausible.io']);
  });
});

describe('a snippet that would not work is refused, saying what to paste', () => {
  it.each([
    [
      'the noscript part alone',
      '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X"></iframe></noscript>',
      'The snippet has no <script> to run.',
    ],
    [
      'an iframe',
      '<iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X"></iframe>',
      'Only <script> elements (and a <noscript> fallback) can be pasted; <iframe> is not one.',
    ],
    [
      'code mixed with script tags',
      "gtag('config', 'G-1');\n<script async src=\"https://www.googletagmanager.com/gtag/js?id=G-1\"></script>",
      'The code contains <script> tags.',
    ],
    [
      'text after the snippet',
      `${GA4_SNIPPET}\nthanks!`,
      '“thanks!” is outside the <script> elements.',
    ],
    [
      'an http source',
      '<script src="http://cdn.example.com/t.js"></script>',
      'Script sources must use https: http://cdn.example.com/t.js',
    ],
    [
      'code that does not parse',
      "<script>gtag('config', 'G-1'</script>",
      'The script is not valid JavaScript (',
    ],
  ])('%s: 400 in the common shape', async (_name, content, message) => {
    const res = await save(content);
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as {
      error: { code: string; message: string; details: { fields: Record<string, string> } };
    };
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message.startsWith(message)).toBe(true);
    expect(error.details.fields.scriptContent).toBe(error.message);
    if (!message.startsWith('Script sources')) expect(error.message).toContain(SNIPPET_HINT);
    expect(await t.database.db.select().from(trackingTags)).toEqual([]);
  });

  it('refuses a snippet pasted into a provider id field, naming the id to paste', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tracking-tags',
      payload: { tagName: 'GTM', tagType: 'gtm', tagId: GTM_SNIPPETS },
      headers: { cookie: admin.cookie, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Paste only the GTM container ID (GTM-XXXXXXX), not the snippet; or choose Custom to paste the whole snippet',
    );
  });
});

describe('tags stored before these rules', () => {
  it('never break a page: unreadable or unparsable ones are not served, the others still are', async () => {
    await t.database.db.insert(trackingTags).values([
      { tagName: 'Iframe', tagType: 'custom', scriptContent: '<iframe src="https://x.example">' },
      { tagName: 'Broken', tagType: 'custom', scriptContent: '<script>if (</script>' },
      { tagName: 'Markup as code', tagType: 'custom', scriptContent: '<div>hello</div>' },
      { tagName: 'Fine', tagType: 'gtm', tagId: 'GTM-OK1234' },
    ]);
    const listed = await t.app.inject({ method: 'GET', url: '/api/tracking-tags' });
    expect(listed.statusCode).toBe(200);
    // Unreadable text plans to nothing (client and policy alike); text that does not parse is
    // left out of the list, so no page receives it.
    expect(listed.json().tags.map((tag: { tagName: string }) => tag.tagName)).toEqual([
      'Iframe',
      'Markup as code',
      'Fine',
    ]);
    for (const page of ['/', '/library', '/help']) {
      expect((await pagePolicy(page)).get('script-src')).toEqual([
        "'self'",
        'https://www.googletagmanager.com',
      ]);
    }
  });
});

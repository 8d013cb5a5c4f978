import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteDescription } from '#shared/discover/story-meta';
import { homePageSettings } from '#server/db/schema';
import { latestMail, signedInUser, STRONG_PASSWORD, uniqueEmail } from './helpers/accounts.ts';
import { insertStory } from './helpers/fixtures.ts';
import { createTestApp, writeMinimalClient, type TestApp } from './helpers/test-app.ts';

/**
 * The platform's name and description are what visitors meet (issue 12, decision 025): the
 * title and head of every page the server sends, the data the header renders from, and mail.
 */

const ORIGIN = 'http://localhost:3000';
/** index.html as built: title, a description on several lines, the noscript notice. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Relatos — Learn Spanish with audio stories</title>
    <meta
      name="description"
      content="Relatos helps English speakers learn Spanish by listening to stories."
    />
  </head>
  <body>
    <div id="root"></div>
    <noscript
      >Relatos needs JavaScript to play stories. Please enable it and reload the page.</noscript
    >
  </body>
</html>`;

let t: TestApp;
let clientDir: string;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  clientDir = writeMinimalClient(INDEX_HTML);
  t = await createTestApp({ PUBLIC_URL: ORIGIN }, { clientDir });
  admin = await signedInUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const saveSettings = async (platformName: string, platformDescription: string) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/platform-settings',
    payload: { platformName, platformDescription, supportEmail: '' },
    headers: { cookie: admin.cookie, origin: ORIGIN },
  });
  expect(res.statusCode).toBe(200);
};

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
const descriptionsOf = (html: string) =>
  [...html.matchAll(/<meta\s+name="description"\s+content="([^"]*)"/g)].map((m) => m[1]);
const inlinedSettings = (html: string) => {
  const json = /<script type="application\/json" id="relatos-data">([\s\S]*?)<\/script>/.exec(
    html,
  )![1]!;
  return (JSON.parse(json) as Record<string, { values: Record<string, string> }>)['site-settings'];
};

describe('pages', () => {
  it('name the platform by its defaults until the administrator sets them', async () => {
    const html = await page('/');
    expect(titleOf(html)).toBe('Relatos — Learn Spanish with audio stories');
    expect(descriptionsOf(html)).toEqual([defaultSiteDescription('Relatos')]);
  });

  it('carry the name and description set in Platform Settings at once, on every page', async () => {
    await page('/help'); // the settings are cached now: the change must not wait for that
    await saveSettings('Cuentos & Co', 'Spanish stories for the "long" bus ride.');
    for (const url of ['/', '/library', '/help', '/faq', '/privacy', '/auth', '/profile']) {
      const html = await page(url);
      expect(titleOf(html), url).toBe('Cuentos &#38; Co — Learn Spanish with audio stories');
      expect(descriptionsOf(html), url).toEqual([
        'Spanish stories for the &#34;long&#34; bus ride.',
      ]);
      expect(html, url).toContain(
        '<noscript>Cuentos &#38; Co needs JavaScript to play stories. Please enable it and reload the page.</noscript>',
      );
      expect(html).not.toContain('Relatos');
      // The header and footer render from these, on the server and in the browser alike.
      expect(inlinedSettings(html)?.values).toMatchObject({
        platform_name: 'Cuentos & Co',
        platform_description: 'Spanish stories for the "long" bus ride.',
      });
    }
  });

  it("name the platform in a story page's title and social tags", async () => {
    await saveSettings('Cuentos', 'Stories to listen to.');
    const { story } = await insertStory(t.database.db, { title: 'El tren', description: null });
    const html = await page(`/story/${story.slug}`);
    expect(titleOf(html)).toBe('El tren — Cuentos');
    expect(html).toContain('<meta property="og:site_name" content="Cuentos" />');
    expect(html).toContain('<meta property="og:title" content="El tren — Cuentos" />');
    // A story without a description is described as the site is.
    expect(descriptionsOf(html)).toEqual(['Stories to listen to.']);
  });

  it('go back to the defaults when the description is cleared', async () => {
    await saveSettings('Cuentos', '');
    expect(descriptionsOf(await page('/'))).toEqual([defaultSiteDescription('Cuentos')]);
  });
});

describe('mail', () => {
  it('names the platform in the subject, the text and the signature', async () => {
    await saveSettings('Cuentos', '');
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: STRONG_PASSWORD, fullName: 'Ana' },
    });
    expect(res.statusCode).toBe(201);
    const mail = await latestMail(t, email);
    expect(mail.subject).toBe('Confirm your Cuentos account');
    expect(mail.text).toContain('Thanks for signing up to Cuentos.');
    expect(mail.text.trimEnd().endsWith('— Cuentos')).toBe(true);
    expect(mail.html).toContain('— Cuentos</p>');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('Relatos');
  });

  it("is sent under the platform's name from MAIL_FROM's address", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const smtp = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Relatos <hola@relatos.test>',
    });
    try {
      // Set as the settings screen stores it (its route is covered above).
      await smtp.database.db
        .insert(homePageSettings)
        .values({ settingKey: 'platform_name', settingValue: 'Cuentos' });
      received.length = 0;
      const email = uniqueEmail();
      await smtp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { email, password: STRONG_PASSWORD, fullName: 'Ana' },
      });
      await expect.poll(() => received.length, { timeout: 5_000, interval: 20 }).toBe(1);
      expect(received[0]).toMatch(/^From: "?Cuentos"? <hola@relatos\.test>\r?$/m);
      expect(received[0]).toMatch(/^Subject: Confirm your Cuentos account\r?$/m);
    } finally {
      await smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingTagInput } from '#shared/discover/tracking';
import { json, stubApi } from '#client/test/render-app';
import { resetTrackingTagsForTests, TrackingTags } from './components/tracking-tags';
import { injectTrackingTags, TRACKING_ATTRIBUTE } from './inject-tracking';
import { settle } from '#client/test/settle';

const tag = (overrides: Partial<TrackingTagInput>): TrackingTagInput => ({
  id: 'a1',
  tagType: 'gtm',
  tagId: 'GTM-ABC',
  scriptContent: null,
  position: 'head',
  ...overrides,
});

/** A window whose address is not local (jsdom's is http://localhost:3000). */
const publicWindow = () =>
  ({ location: { hostname: 'relatos.example' } }) as unknown as Window & Record<string, unknown>;

// Injected tags are remembered per document for the page's life, so each test uses its own ids.
const injected = () => [...document.querySelectorAll(`[${TRACKING_ATTRIBUTE}]`)];

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetTrackingTagsForTests();
});

describe('injectTrackingTags', () => {
  it('loads each provider over https, in the head or the body', () => {
    const win = publicWindow();
    const count = injectTrackingTags(
      [
        tag({ id: 'gtm' }),
        tag({ id: 'ga', tagType: 'ga4', tagId: 'G-XYZ', position: 'body' }),
        tag({ id: 'fb', tagType: 'facebook', tagId: '123456' }),
      ],
      { win },
    );
    expect(count).toBe(3);
    const head = [...document.head.querySelectorAll('script')].map((script) => script.src);
    const body = [...document.body.querySelectorAll('script')].map((script) => script.src);
    expect(head).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC',
      'https://connect.facebook.net/en_US/fbevents.js',
    ]);
    expect(body).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-XYZ']);
    expect([...document.querySelectorAll('script')].every((script) => script.async)).toBe(true);
    // The page-side half of each snippet ran from the bundle, with no inline script.
    expect((win.dataLayer as unknown[]).length).toBeGreaterThanOrEqual(3);
    expect(typeof win.gtag).toBe('function');
    expect((win.fbq as { queue: unknown[] }).queue).toEqual([
      ['init', '123456'],
      ['track', 'PageView'],
    ]);
  });

  it('injects the sanitised text of a custom tag as an inline script', () => {
    injectTrackingTags(
      [
        tag({
          id: 'custom',
          tagType: 'custom',
          tagId: null,
          position: 'body',
          scriptContent: '<script>window.x = "javascript:1";</script>',
        }),
      ],
      { win: publicWindow() },
    );
    const script = document.body.querySelector('script')!;
    expect(script.src).toBe('');
    expect(script.textContent).toBe('window.x = "1";');
    expect(script).toHaveAttribute(TRACKING_ATTRIBUTE, 'custom');
  });

  it('blocks sources that are not https, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    injectTrackingTags(
      [
        tag({
          id: 'custom-http',
          tagType: 'custom',
          tagId: null,
          scriptContent: '<script src="http://evil.example/t.js"></script>',
        }),
      ],
      { win: publicWindow() },
    );
    expect(injected()).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('http://evil.example/t.js'));
  });

  it('yields nothing for a tag without an id', () => {
    expect(
      injectTrackingTags([tag({ tagId: null }), tag({ tagId: '' })], { win: publicWindow() }),
    ).toBe(0);
    expect(injected()).toHaveLength(0);
  });

  it('injects each tag once', () => {
    const win = publicWindow();
    injectTrackingTags([tag({ id: 'once' })], { win });
    expect(injectTrackingTags([tag({ id: 'once' }), tag({ id: 'once' })], { win })).toBe(0);
    expect(injected()).toHaveLength(1);
  });

  it("puts a vendor's snippet in as pasted: scripts in order, attributes kept, no <noscript>", () => {
    injectTrackingTags(
      [
        tag({
          id: 'ga4-snippet',
          tagType: 'custom',
          tagId: null,
          scriptContent: [
            '<!-- Google tag (gtag.js) -->',
            '<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123"></script>',
            "<script>window.dataLayer = window.dataLayer || []; dataLayer.push(['config', 'G-ABC123']);</script>",
            '<script defer data-domain="relatos.example" src="https://plausible.io/js/script.js"></script>',
            '<noscript><img src="https://www.facebook.com/tr?id=1" /></noscript>',
          ].join('\n'),
        }),
      ],
      { win: publicWindow() },
    );
    const scripts = [...document.head.querySelectorAll('script')];
    expect(scripts.map((script) => script.src || script.textContent)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-ABC123',
      "window.dataLayer = window.dataLayer || []; dataLayer.push(['config', 'G-ABC123']);",
      'https://plausible.io/js/script.js',
    ]);
    expect(scripts[2]).toHaveAttribute('data-domain', 'relatos.example');
    expect(document.querySelector('noscript, img')).toBeNull();
  });

  it('skips a stored tag it cannot read, and one that fails to go in, keeping the others', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const win = publicWindow();
    // A provider bootstrap that throws (a page script made fbq unusable).
    Object.defineProperty(win, 'fbq', {
      get() {
        throw new Error('fbq is broken');
      },
    });
    const count = injectTrackingTags(
      [
        tag({
          id: 'iframe',
          tagType: 'custom',
          tagId: null,
          scriptContent: '<iframe src="https://x.example"></iframe>',
        }),
        tag({ id: 'fb-broken', tagType: 'facebook', tagId: '123456' }),
        tag({ id: 'gtm-ok' }),
      ],
      { win },
    );
    expect(count).toBe(1);
    expect(injected().map((element) => element.getAttribute(TRACKING_ATTRIBUTE))).toEqual([
      'gtm-ok',
    ]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('fb-broken'), expect.any(Error));
  });

  it('does nothing on localhost or 127.0.0.1', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    for (const hostname of ['localhost', '127.0.0.1']) {
      const win = { location: { hostname } } as unknown as Window;
      expect(injectTrackingTags([tag({})], { win })).toBe(0);
    }
    expect(injected()).toHaveLength(0);
    expect(info).toHaveBeenCalledWith('Tracking scripts disabled on localhost');
  });
});

describe('<TrackingTags>', () => {
  const mount = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <TrackingTags />
      </MemoryRouter>,
    );

  it('on localhost, says tracking is disabled and requests nothing', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const fetchMock = stubApi({});
    mount('/');
    await vi.waitFor(() =>
      expect(info).toHaveBeenCalledWith('Tracking scripts disabled on localhost'),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  describe('on a public address', () => {
    beforeEach(() => {
      vi.stubGlobal('location', { ...window.location, hostname: 'relatos.example' });
    });

    it('loads the active tags once and injects them', async () => {
      const fetchMock = stubApi({
        'GET /api/tracking-tags': () =>
          json(200, {
            tags: [
              { ...tag({ id: 'from-api' }), tagName: 'GTM', createdAt: '2025-01-01T00:00:00.000Z' },
            ],
          }),
      });
      const first = mount('/');
      await vi.waitFor(() => expect(injected()).toHaveLength(1));
      first.unmount();
      mount('/library');
      await settle();
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/tracking-tags')).toHaveLength(1);
      expect(injected()).toHaveLength(1);
    });

    it('never injects on the admin pages', async () => {
      const fetchMock = stubApi({
        'GET /api/tracking-tags': () => json(200, { tags: [tag({})] }),
      });
      mount('/admin/tags');
      await settle();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(injected()).toHaveLength(0);
    });

    it('logs a failed load and injects nothing', async () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      stubApi({
        'GET /api/tracking-tags': () =>
          json(500, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }),
      });
      mount('/');
      await vi.waitFor(() =>
        expect(error).toHaveBeenCalledWith('Failed to load tracking tags', expect.anything()),
      );
      expect(injected()).toHaveLength(0);
    });
  });
});

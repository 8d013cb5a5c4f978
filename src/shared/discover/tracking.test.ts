import { describe, expect, it } from 'vitest';
import {
  isAdminPath,
  isAllowedScriptSource,
  isTrackingDisabledHost,
  planInlineCode,
  planSources,
  planTrackingTag,
  planTrackingTags,
  sanitizeInlineScript,
  type TrackingTagInput,
} from './tracking';

const tag = (overrides: Partial<TrackingTagInput>): TrackingTagInput => ({
  id: '11111111-1111-4111-8111-111111111111',
  tagType: 'gtm',
  tagId: 'GTM-ABC123',
  scriptContent: null,
  position: 'head',
  ...overrides,
});

describe('sanitizeInlineScript', () => {
  it('strips script tags but keeps their text', () => {
    expect(sanitizeInlineScript('<script type="text/javascript">track(1);</script>')).toBe(
      'track(1);',
    );
    expect(sanitizeInlineScript('<SCRIPT>a()</SCRIPT >\n<script>b()</script>')).toBe('a()\nb()');
  });

  it('strips javascript: and inline event handlers', () => {
    expect(sanitizeInlineScript('location = "javascript:alert(1)";')).toBe(
      'location = "alert(1)";',
    );
    expect(sanitizeInlineScript('JavaScript :void(0)')).toBe('void(0)');
    expect(sanitizeInlineScript('x = \'<img src=x onerror="steal()">\';')).toBe(
      "x = '<img src=x >';",
    );
    expect(sanitizeInlineScript("<a onclick='go()'>x</a>")).toBe('<a >x</a>');
  });

  it('leaves ordinary JavaScript intact', () => {
    const code = 'if (a < b && one === 1) { window.dataLayer.push({ event: "x" }); }';
    expect(sanitizeInlineScript(code)).toBe(code);
  });

  it('removes null characters and trims', () => {
    expect(sanitizeInlineScript('  \0f();\n ')).toBe('f();');
  });
});

describe('script sources', () => {
  it('allows https only', () => {
    expect(isAllowedScriptSource('https://cdn.example.com/t.js')).toBe(true);
    expect(isAllowedScriptSource('http://cdn.example.com/t.js')).toBe(false);
    expect(isAllowedScriptSource('//cdn.example.com/t.js')).toBe(false);
    expect(isAllowedScriptSource('javascript:alert(1)')).toBe(false);
    expect(isAllowedScriptSource('data:text/javascript,alert(1)')).toBe(false);
  });
});

describe('where tracking runs', () => {
  it('is disabled on localhost and 127.0.0.1', () => {
    expect(isTrackingDisabledHost('localhost')).toBe(true);
    expect(isTrackingDisabledHost('127.0.0.1')).toBe(true);
    expect(isTrackingDisabledHost('relatos.example')).toBe(false);
  });

  it('never runs on the admin pages', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/tags')).toBe(true);
    expect(isAdminPath('/administrator-stories')).toBe(false);
    expect(isAdminPath('/library')).toBe(false);
  });
});

describe('planTrackingTag', () => {
  it('loads Google Tag Manager, Google Analytics 4 and the Facebook pixel over https', () => {
    expect(planTrackingTag(tag({}))).toEqual({
      tagId: '11111111-1111-4111-8111-111111111111',
      position: 'head',
      scripts: [
        {
          kind: 'external',
          src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123',
          attributes: {},
        },
      ],
      origins: ['https://www.googletagmanager.com'],
      provider: { type: 'gtm', id: 'GTM-ABC123' },
      blocked: [],
    });
    const ga4 = planTrackingTag(tag({ tagType: 'ga4', tagId: ' G-XYZ ' }))!;
    expect(planSources(ga4)).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-XYZ']);
    expect(ga4.provider).toEqual({ type: 'ga4', id: 'G-XYZ' });
    const pixel = planTrackingTag(
      tag({ tagType: 'facebook', tagId: '1234567890', position: 'body' }),
    )!;
    expect(pixel).toMatchObject({
      position: 'body',
      origins: ['https://connect.facebook.net'],
      provider: { type: 'facebook', id: '1234567890' },
    });
    expect(planSources(pixel)).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
  });

  it('yields nothing for a provider tag without an id, or with an id that is not one', () => {
    expect(planTrackingTag(tag({ tagId: null }))).toBeNull();
    expect(planTrackingTag(tag({ tagId: '   ' }))).toBeNull();
    expect(planTrackingTag(tag({ tagId: 'GTM-1&x=<script>' }))).toBeNull();
    expect(planTrackingTag(tag({ id: '' }))).toBeNull();
  });

  it('runs the sanitised text of a custom tag inline', () => {
    const plan = planTrackingTag(
      tag({
        tagType: 'custom',
        tagId: null,
        scriptContent: '<script>\n  window.hello = "javascript:x";\n</script>',
      }),
    )!;
    expect(plan).toMatchObject({ origins: [], provider: null, blocked: [] });
    expect(planInlineCode(plan)).toEqual(['window.hello = "x";']);
    expect(planSources(plan)).toEqual([]);
  });

  it('loads the https scripts a custom tag references, in order, and blocks the others', () => {
    const plan = planTrackingTag(
      tag({
        tagType: 'custom',
        tagId: null,
        position: 'body',
        scriptContent:
          '<script async src="https://stats.example.com/s.js"></script>\n' +
          "<script src='http://insecure.example.com/t.js'></script>\n" +
          '<script>stats("init")</script>\n' +
          '<script async src="https://stats.example.com/s.js"></script>',
      }),
    );
    expect(plan).toMatchObject({
      position: 'body',
      scripts: [
        { kind: 'external', src: 'https://stats.example.com/s.js' },
        { kind: 'inline', code: 'stats("init")' },
      ],
      origins: ['https://stats.example.com'],
      blocked: ['http://insecure.example.com/t.js'],
    });
  });

  it("admits the origins a snippet's inline loader names (GTM, Meta Pixel)", () => {
    const gtm = planTrackingTag(
      tag({
        tagType: 'custom',
        tagId: null,
        scriptContent:
          "<script>(function(w,d,s,l,i){var j=d.createElement(s);j.src='https://www.googletagmanager.com/gtm.js?id='+i;})(window,document,'script','dataLayer','GTM-X1');</script>",
      }),
    )!;
    expect(gtm.origins).toEqual(['https://www.googletagmanager.com']);
    expect(planSources(gtm)).toEqual([]);
  });

  it('yields nothing for an empty custom tag, or one that is neither a snippet nor code', () => {
    for (const scriptContent of [
      null,
      '<script></script>',
      '<iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X"></iframe>',
      '<script>unclosed()',
      '<noscript><img src="https://www.facebook.com/tr?id=1" /></noscript>',
    ]) {
      expect(planTrackingTag(tag({ tagType: 'custom', tagId: null, scriptContent }))).toBeNull();
    }
  });
});

describe('planTrackingTags', () => {
  it('keeps the order and plans each tag once', () => {
    const first = tag({ id: 'a', tagId: 'GTM-A' });
    const second = tag({ id: 'b', tagType: 'ga4', tagId: 'G-B' });
    const plans = planTrackingTags([first, second, { ...first, tagId: 'GTM-OTHER' }]);
    expect(plans.map((plan) => plan.tagId)).toEqual(['a', 'b']);
    expect(plans[0]!.provider).toEqual({ type: 'gtm', id: 'GTM-A' });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTrackingTag } from '../contracts/admin-tags.ts';
import { planTrackingTags } from './tracking.ts';
import {
  originsNamedInCode,
  readTrackingSnippet,
  SNIPPET_HINT,
  snippetMessages as m,
} from './tracking-snippet.ts';

/** The snippets as the vendors' setup pages give them (ids replaced by test ids). */
const vendor = {
  gtmHead: `<!-- Google Tag Manager -->
<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':
new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],
j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src=
'https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);
})(window,document,'script','dataLayer','GTM-ABC1234');</script>
<!-- End Google Tag Manager -->`,
  gtmBody: `<!-- Google Tag Manager (noscript) -->
<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-ABC1234"
height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>
<!-- End Google Tag Manager (noscript) -->`,
  ga4: `<!-- Google tag (gtag.js) -->
<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST12345"></script>
<script>
  window.dataLayer = window.dataLayer || [];
  function gtag(){dataLayer.push(arguments);}
  gtag('js', new Date());

  gtag('config', 'G-TEST12345');
</script>`,
  metaPixel: `<!-- Meta Pixel Code -->
<script>
!function(f,b,e,v,n,t,s)
{if(f.fbq)return;n=f.fbq=function(){n.callMethod?
n.callMethod.apply(n,arguments):n.queue.push(arguments)};
if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';
n.queue=[];t=b.createElement(e);t.async=!0;
t.src=v;s=b.getElementsByTagName(e)[0];
s.parentNode.insertBefore(t,s)}(window, document,'script',
'https://connect.facebook.net/en_US/fbevents.js');
fbq('init', '123456789012345');
fbq('track', 'PageView');
</script>
<noscript><img height="1" width="1" style="display:none"
src="https://www.facebook.com/tr?id=123456789012345&ev=PageView&noscript=1"
/></noscript>
<!-- End Meta Pixel Code -->`,
  hotjar: `<!-- Hotjar Tracking Code for https://relatos.example -->
<script>
    (function(h,o,t,j,a,r){
        h.hj=h.hj||function(){(h.hj.q=h.hj.q||[]).push(arguments)};
        h._hjSettings={hjid:1234567,hjsv:6};
        a=o.getElementsByTagName('head')[0];
        r=o.createElement('script');r.async=1;
        r.src=t+h._hjSettings.hjid+j+h._hjSettings.hjsv;
        a.appendChild(r);
    })(window,document,'https://static.hotjar.com/c/hotjar-','.js?sv=');
</script>`,
  plausible: `<script defer data-domain="relatos.example" src="https://plausible.io/js/script.js"></script>`,
  clarity: `<script type="text/javascript">
    (function(c,l,a,r,i,t,y){
        c[a]=c[a]||function(){(c[a].q=c[a].q||[]).push(arguments)};
        t=l.createElement(r);t.async=1;t.src="https://www.clarity.ms/tag/"+i;
        y=l.getElementsByTagName(r)[0];y.parentNode.insertBefore(t,y);
    })(window, document, "clarity", "script", "abcdefghij");
</script>`,
  matomo: `<!-- Matomo -->
<script>
  var _paq = window._paq = window._paq || [];
  _paq.push(['trackPageView']);
  _paq.push(['enableLinkTracking']);
  (function() {
    var u="https://relatos.matomo.cloud/";
    _paq.push(['setTrackerUrl', u+'matomo.php']);
    _paq.push(['setSiteId', '1']);
    var d=document, g=d.createElement('script'), s=d.getElementsByTagName('script')[0];
    g.async=true; g.src='https://cdn.matomo.cloud/relatos.matomo.cloud/matomo.js'; s.parentNode.insertBefore(g,s);
  })();
</script>
<!-- End Matomo Code -->`,
};

const inlineCode = (content: string) =>
  readTrackingSnippet(content).scripts.flatMap((script) =>
    script.kind === 'inline' ? [script.code] : [],
  );

/** The server's syntax check, as the admin-tags service passes it (node:vm compiles only). */
const syntax = (code: string) => {
  try {
    new Function(code);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

const custom = (scriptContent: string) =>
  checkTrackingTag(
    { tagName: 'T', tagType: 'custom', scriptContent, isActive: true, position: 'head' },
    { syntax },
  );

describe('readTrackingSnippet: vendor snippets run as given', () => {
  it.each<[string, string, { origins: string[]; inline: number; external: string[] }]>([
    [
      'Google Tag Manager, head part',
      vendor.gtmHead,
      { origins: ['https://www.googletagmanager.com'], inline: 1, external: [] },
    ],
    [
      'Google Tag Manager, both parts pasted together',
      `${vendor.gtmHead}\n${vendor.gtmBody}`,
      { origins: ['https://www.googletagmanager.com'], inline: 1, external: [] },
    ],
    [
      'GA4 (gtag.js)',
      vendor.ga4,
      {
        origins: [],
        inline: 1,
        external: ['https://www.googletagmanager.com/gtag/js?id=G-TEST12345'],
      },
    ],
    [
      'Meta Pixel with its noscript pixel',
      vendor.metaPixel,
      { origins: ['https://connect.facebook.net'], inline: 1, external: [] },
    ],
    ['Hotjar', vendor.hotjar, { origins: ['https://static.hotjar.com'], inline: 1, external: [] }],
    [
      'Plausible',
      vendor.plausible,
      { origins: [], inline: 0, external: ['https://plausible.io/js/script.js'] },
    ],
    [
      'Microsoft Clarity (type="text/javascript")',
      vendor.clarity,
      { origins: ['https://www.clarity.ms'], inline: 1, external: [] },
    ],
    [
      'Matomo',
      vendor.matomo,
      {
        origins: ['https://relatos.matomo.cloud', 'https://cdn.matomo.cloud'],
        inline: 1,
        external: [],
      },
    ],
  ])('%s', (_name, content, expected) => {
    const reading = readTrackingSnippet(content);
    expect(reading.problems).toEqual([]);
    expect(reading).toMatchObject({ form: 'snippet', readable: true, blocked: [] });
    const code = inlineCode(content);
    expect(code).toHaveLength(expected.inline);
    expect(code.flatMap(originsNamedInCode)).toEqual(expected.origins);
    expect(
      reading.scripts.flatMap((script) => (script.kind === 'external' ? [script.src] : [])),
    ).toEqual(expected.external);
    // The code runs exactly as the vendor wrote it, and it parses.
    for (const text of code) {
      expect(content).toContain(text);
      expect(syntax(text)).toBeNull();
    }
    expect(custom(content)).toMatchObject({ ok: true });
  });

  it('keeps the attributes a vendor script reads, and drops the rest', () => {
    const [script] = readTrackingSnippet(
      '<script defer async data-domain="relatos.example" data-api="/e" id="pl" crossorigin="anonymous" nonce="x" src="https://plausible.io/js/script.js"></script>',
    ).scripts;
    expect(script).toEqual({
      kind: 'external',
      src: 'https://plausible.io/js/script.js',
      attributes: {
        'data-domain': 'relatos.example',
        'data-api': '/e',
        id: 'pl',
        crossorigin: 'anonymous',
      },
    });
  });

  it('reads tag and attribute names in any case, quoted or not, and &amp; in addresses', () => {
    const reading = readTrackingSnippet(
      "<SCRIPT ASYNC SRC=https://cdn.example.com/a.js?x=1&amp;y=2></SCRIPT >\n<Script src='https://cdn.example.com/b.js'></Script>",
    );
    expect(reading.problems).toEqual([]);
    expect(reading.scripts.map((script) => script.kind === 'external' && script.src)).toEqual([
      'https://cdn.example.com/a.js?x=1&y=2',
      'https://cdn.example.com/b.js',
    ]);
  });

  it('accepts the code alone, without script tags', () => {
    const code = "window.dataLayer = window.dataLayer || [];\nif (a < b) gtag('js', new Date());";
    const reading = readTrackingSnippet(`\n${code}\n`);
    expect(reading).toMatchObject({ form: 'code', readable: true, problems: [] });
    expect(inlineCode(code)).toEqual([code]);
  });
});

describe('readTrackingSnippet: what is refused, and what to paste instead', () => {
  it.each<[string, string, string, boolean]>([
    ['only the noscript part of GTM', vendor.gtmBody, m.noScript, true],
    [
      'an iframe',
      '<iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X"></iframe>',
      m.notScript('iframe'),
      false,
    ],
    ['a pixel image', '<img src="https://www.facebook.com/tr?id=1" />', m.notScript('img'), false],
    [
      'a script followed by a stray element',
      `${vendor.ga4}\n<div id="x"></div>`,
      m.notScript('div'),
      false,
    ],
    [
      'text after the script',
      "<script>a()</script>\ngtag('config', 'G-1');",
      m.textOutside("gtag('config', 'G-1');"),
      false,
    ],
    [
      'code with script tags inside it',
      'gtag(\'js\');\n<script src="https://x.example/a.js"></script>',
      m.scriptTagsInCode,
      true,
    ],
    [
      'an http source',
      '<script src="http://cdn.example.com/t.js"></script>',
      m.httpsOnly('http://cdn.example.com/t.js'),
      true,
    ],
    [
      'a protocol-relative source',
      '<script src="//cdn.example.com/t.js"></script>',
      m.httpsOnly('//cdn.example.com/t.js'),
      true,
    ],
    [
      'an inline event handler attribute',
      '<script src="https://cdn.example.com/t.js" onload="init()"></script>',
      m.eventHandler('onload'),
      true,
    ],
    [
      'a script that is not JavaScript',
      '<script type="text/plain" data-consent="stats">track()</script>',
      m.notJavaScript('text/plain'),
      true,
    ],
    [
      'javascript: in code',
      '<script>location = "javascript:void 0";</script>',
      m.javascriptUrl,
      true,
    ],
    [
      'an on…= pattern in code (which the spec removes)',
      '<script>var html = \'<img onerror="x()">\';</script>',
      m.inlineHandler,
      true,
    ],
    [
      'a broken script tag inside a script element (what the cleaning leaves is not code)',
      '<script><script src="</script>',
      m.scriptTagsInCode,
      false,
    ],
    ['an unclosed script', "<script>gtag('js', new Date());", m.unclosedElement('script'), false],
    [
      'an unclosed script tag',
      '<script src="https://a.example/x.js"',
      m.unclosedTag('script'),
      false,
    ],
    [
      'an unclosed noscript',
      '<script>a()</script><noscript><img>',
      m.unclosedElement('noscript'),
      false,
    ],
    [
      'an unclosed comment',
      '<!-- Google Tag Manager\n<script>a()</script>',
      m.unclosedComment,
      false,
    ],
    ['blank', '  \n ', m.empty, true],
  ])('%s', (_name, content, problem, readable) => {
    const reading = readTrackingSnippet(content);
    expect(reading.problems[0]).toBe(problem);
    expect(reading.readable).toBe(readable);
    const checked = custom(content);
    expect(checked).toEqual({ ok: false, errors: { scriptContent: problem } });
  });

  it('says what to paste in every structural refusal', () => {
    for (const message of [
      m.noScript,
      m.notScript('iframe'),
      m.textOutside('x'),
      m.scriptTagsInCode,
    ]) {
      expect(message).toContain(SNIPPET_HINT);
    }
    expect(SNIPPET_HINT).toMatch(/<script>.*<noscript>/);
  });

  it('refuses code that does not parse, naming the parser’s complaint', () => {
    const result = custom("<script>gtag('config', 'G-1'</script>");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.scriptContent).toMatch(
      /^The script is not valid JavaScript \(.+\)\. Paste the vendor's snippet/,
    );
  });

  it('refuses a whole snippet pasted into a provider id field, saying what to paste', () => {
    const result = checkTrackingTag({
      tagName: 'GTM',
      tagType: 'gtm',
      tagId: vendor.gtmHead.slice(0, 30),
      isActive: true,
      position: 'head',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        tagId:
          'Paste only the GTM container ID (GTM-XXXXXXX), not the snippet; or choose Custom to paste the whole snippet',
      },
    });
  });
});

describe('the page never fails on a stored tag', () => {
  it('plans any text without throwing, and plans only https sources and readable code', () => {
    const pieces = fc.constantFrom(
      '<script>',
      '</script>',
      '<script src="',
      'https://a.example/x.js',
      'http://b.example/y.js',
      '">',
      '<noscript>',
      '</noscript>',
      '<!--',
      '-->',
      "'",
      '"',
      'onload="x()"',
      'javascript:',
      '<iframe>',
      'gtag()',
      ' ',
      '\n',
      '\0',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 30 }), (parts) => {
        const plans = planTrackingTags([
          {
            id: 'x',
            tagType: 'custom',
            tagId: null,
            scriptContent: parts.join(''),
            position: 'head',
          },
        ]);
        for (const plan of plans) {
          for (const script of plan.scripts) {
            if (script.kind === 'external') expect(script.src.startsWith('https://')).toBe(true);
            else expect(script.code).not.toMatch(/<\/?script\b/i);
          }
          for (const origin of plan.origins) expect(origin).toMatch(/^https:\/\/[^/]+$/);
        }
      }),
      { numRuns: 500 },
    );
  });
});

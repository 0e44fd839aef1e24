import { describe, expect, it } from 'vitest';
import { sanitizeHtml, visibleText } from './sanitizeHtml';

/** Nothing that could run: no script-capable tag, no event handler, no script URL, no style. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<(script|style|iframe|object|embed|svg|math|img|form|input|base|meta|link|textarea|noscript)\b/i);
  expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/<[^>]*(javascript|vbscript|data):/i);
  expect(html).not.toMatch(/<[^>]*style\s*=/i);
}

describe('sanitizeHtml keeps the announcement formatting', () => {
  it('keeps paragraphs, emphasis, lists, headings and quotes as they are', () => {
    const html = '<h2>Spring prices</h2><p>From <b>1 March</b> <i>all</i> <u>summer</u> <s>old</s> <em>a</em> <strong>b</strong>:</p>'
      + '<ul><li>one</li><li>two<br />lines</li></ul><ol><li>first</li></ol><blockquote>quoted</blockquote><h1>x</h1><h3>y</h3><h4>z</h4><span>s</span>';
    expect(sanitizeHtml(html)).toBe(html);
    expect(sanitizeHtml('one<br>two')).toBe('one<br />two');
  });

  it('keeps http, https and mailto links and adds rel=noopener', () => {
    expect(sanitizeHtml('<a href="https://example.com/a?x=1&amp;y=2">site</a>'))
      .toBe('<a href="https://example.com/a?x=1&amp;y=2" rel="noopener noreferrer" target="_blank">site</a>');
    expect(sanitizeHtml('<A HREF=http://example.com TITLE="t">x</A>')).toBe('<a href="http://example.com" rel="noopener noreferrer" target="_blank">x</a>');
    expect(sanitizeHtml("<a href='mailto:sales@example.com'>mail</a>")).toBe('<a href="mailto:sales@example.com" rel="noopener noreferrer" target="_blank">mail</a>');
    expect(sanitizeHtml('<a href="https://e.com" rel="opener" target="_self">x</a>')).toBe('<a href="https://e.com" rel="noopener noreferrer" target="_blank">x</a>');
    expect(sanitizeHtml('<a rel="opener" target="_top">x</a>')).toBe('<a>x</a>');
  });

  it('escapes text; character references become the characters they stand for', () => {
    expect(sanitizeHtml('2 < 3 && 5 > 4 &amp; &copy; &#169; "quoted"')).toBe('2 &lt; 3 &amp;&amp; 5 &gt; 4 &amp; © © "quoted"');
    expect(sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('turns divs into paragraphs, unwraps unknown tags and closes what was left open', () => {
    expect(sanitizeHtml('<div>line one</div><div>line two</div>')).toBe('<p>line one</p><p>line two</p>');
    expect(sanitizeHtml('<font color=red><center>big</center></font>')).toBe('big');
    expect(sanitizeHtml('<p><b>bold <i>both')).toBe('<p><b>bold <i>both</i></b></p>');
    expect(sanitizeHtml('text</b></p>more')).toBe('textmore');
  });

  it('closes an open paragraph at a list, heading or quote, as the browser would', () => {
    expect(sanitizeHtml('<p>Rules:<ul><li>one</li></ul></p>')).toBe('<p>Rules:</p><ul><li>one</li></ul>');
    // Inside other inline tags the heading stays where it was written (the browser moves it out when it renders).
    expect(sanitizeHtml('<p><b>a<h3>b</h3>')).toBe('<p><b>a<h3>b</h3></b></p>');
  });

  it('is idempotent', () => {
    const once = sanitizeHtml('<p onclick=x>a <a href="javascript:1">b</a> <a href=https://e.com>c</a> &lt;script&gt;<div>d</div>');
    expect(sanitizeHtml(once)).toBe(once);
  });
});

describe('sanitizeHtml removes classic XSS payloads', () => {
  const cases: [string, string, string][] = [
    ['script tag', '<script>alert(1)</script>ok', 'ok'],
    ['upper-case script with attributes', '<SCRIPT type="text/javascript" src="//evil.example/x.js"></SCRIPT>ok', 'ok'],
    ['script hidden in an unclosed end tag', '<script>alert(1)</script foo="bar">ok', 'ok'],
    ['script never closed', 'before<script>alert(1)', 'before'],
    ['img onerror', '<img src=x onerror=alert(1)>ok', 'ok'],
    ['svg onload', '<svg onload=alert(1)><circle/></svg>ok', 'ok'],
    ['svg holding a script', '<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['iframe with a javascript src', '<iframe src="javascript:alert(1)"></iframe>ok', 'ok'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>">fallback</iframe>ok', 'ok'],
    ['object and embed', '<object data="javascript:alert(1)"><param name=x></object><embed src="x.swf">ok', 'ok'],
    ['style element', '<style>body{background:url("javascript:alert(1)")}</style>ok', 'ok'],
    ['style attribute', '<p style="background:url(javascript:alert(1))">ok</p>', '<p>ok</p>'],
    ['event handlers on allowed tags', '<p onclick="alert(1)" onmouseover=alert(2)>ok</p><b ONLOAD=x>b</b>', '<p>ok</p><b>b</b>'],
    ['handler after a slash', '<p/onclick=alert(1)>ok</p>', '<p>ok</p>'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['mixed-case javascript: link', '<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['link with leading blanks', '<a href="  \tjavascript:alert(1)">x</a>', '<a>x</a>'],
    ['link with a tab inside the scheme', '<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['link with an encoded tab', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['link with encoded letters', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', '<a>x</a>'],
    ['link with encoded letters, no semicolons', '<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)">x</a>', '<a>x</a>'],
    ['link with &colon;', '<a href="javascript&colon;alert(1)">x</a>', '<a>x</a>'],
    ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['relative link', '<a href="/fms/api/v1/sys/loginOut">x</a>', '<a>x</a>'],
    ['quote breaking out of an attribute', '<a href="https://e.com/" title=\'"><script>alert(1)</script>\'>x</a>',
      '<a href="https://e.com/" rel="noopener noreferrer" target="_blank">x</a>'],
    ['quote inside the href', '<a href=\'https://e.com/"onmouseover="alert(1)\'>x</a>',
      '<a href="https://e.com/&quot;onmouseover=&quot;alert(1)" rel="noopener noreferrer" target="_blank">x</a>'],
    ['script split by a tag', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['script in a comment', '<!--<script>alert(1)</script>-->ok', 'ok'],
    ['conditional comment', '<!--[if gte IE 4]><script>alert(1)</script><![endif]-->ok', 'ok'],
    ['noscript mutation', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
    ['math mutation', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['meta refresh and base', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:/">ok', 'ok'],
    ['form with a javascript action', '<form action="javascript:alert(1)"><button>go</button><input value=x></form>', 'go'],
    ['template', '<template><img src=x onerror=alert(1)></template>ok', 'ok'],
    ['textarea breakout', '<textarea></textarea><img src=x onerror=alert(1)>ok', 'ok'],
    ['link and css import', '<link rel=stylesheet href="javascript:alert(1)"><p>ok</p>', '<p>ok</p>'],
    ['lone angle brackets', '<<script>alert(1)//<</script>ok', '&lt;ok'],
    ['tag cut off by the end', '<p>ok</p><img src=x onerror="alert(1)', '<p>ok</p>'],
  ];
  for (const [name, payload, expected] of cases) {
    it(name, () => {
      const clean = sanitizeHtml(payload);
      expect(clean).toBe(expected);
      expectInert(clean);
    });
  }
});

describe('visibleText', () => {
  it('is empty for markup without text', () => {
    expect(visibleText(sanitizeHtml('<p><br></p><p>&nbsp;</p>'))).toBe('');
    expect(visibleText(sanitizeHtml('<script>alert(1)</script>'))).toBe('');
    expect(visibleText(sanitizeHtml('<p>Hi</p>'))).toBe('Hi');
  });
});

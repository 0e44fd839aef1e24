/**
 * Announcement HTML cleaned to a small allow-list before it is stored, so what a reader's
 * browser renders can never run script.
 *
 * The input is tokenized and the output written afresh: text is escaped, only allowed tags
 * come out (their names from the list below, not from the input), and the only attribute
 * that survives is an `<a>`'s href with an http, https or mailto address, written back
 * escaped exactly as it was checked. Where this parser reads a malformed input differently
 * from a browser, the result is lost or extra text, never markup: nothing of the input is
 * copied through unescaped.
 */
const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'a', 'span']);
const VOID = new Set(['br']);
/** contentEditable and pasted text wrap lines in divs; they become paragraphs. */
const RENAME: Record<string, string> = { div: 'p' };
/** Raw-text elements: the browser reads everything up to the matching end tag as their text. Dropped with it. */
const RAW_TEXT = new Set(['script', 'style', 'iframe', 'noembed', 'noframes', 'noscript', 'textarea', 'title', 'xmp', 'plaintext']);
/** Elements dropped with everything inside them (foreign content, plugins, templates). */
const DROP_WITH_CONTENT = new Set(['object', 'applet', 'svg', 'math', 'template', 'head', 'select', 'video', 'audio', 'canvas', 'frameset']);
const SAFE_URL = /^(https?:\/\/|mailto:)/i;
/** Block starts that close an open paragraph, as the browser's parser does (`<p><ul>` is `<p></p><ul>`). */
const CLOSES_P = new Set(['p', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'blockquote']);

interface Tag {
  name: string;
  closing: boolean;
  attrs: Map<string, string>;
  /** Index just past the tag's `>`. */
  end: number;
}

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n', sol: '/', lpar: '(', rpar: ')',
  period: '.', comma: ',', semi: ';', equals: '=', num: '#', percnt: '%', quest: '?',
};

/** Character references in an attribute value, decoded as a browser would for the ones that matter to a URL's scheme. */
function decodeEntities(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);?/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    const named = NAMED[ref.toLowerCase()];
    return named !== undefined && whole.endsWith(';') ? named : whole;
  });
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text is escaped; a well-formed character reference is kept as it is (it can only ever be text). */
const escapeText = (text: string) =>
  text.replace(/&(?!(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const isControl = (code: number) => code < 0x20 || code === 0x7f;

/** An href the reader may follow: http, https or mailto, after the browser's own clean-up of tabs, newlines and leading blanks. */
function safeHref(raw: string): string | null {
  const url = decodeEntities(raw).replace(/[\t\n\r]/g, '');
  let start = 0;
  let end = url.length;
  while (start < end && url.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && url.charCodeAt(end - 1) <= 0x20) end -= 1;
  const trimmed = url.slice(start, end);
  if (!SAFE_URL.test(trimmed)) return null;
  for (let i = 0; i < trimmed.length; i += 1) if (isControl(trimmed.charCodeAt(i))) return null;
  return trimmed;
}

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/** Reads a start or end tag at `<`; null when the `<` does not open one (then it is text). */
function readTag(html: string, start: number): Tag | null {
  let i = start + 1;
  const closing = html[i] === '/';
  if (closing) i += 1;
  if (!/[a-zA-Z]/.test(html[i] ?? '')) return null;
  const nameStart = i;
  while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') i += 1;
  const name = html.slice(nameStart, i).toLowerCase();
  const attrs = new Map<string, string>();
  while (i < html.length) {
    while (i < html.length && (isSpace(html[i]) || html[i] === '/')) i += 1;
    if (i >= html.length) break;
    if (html[i] === '>') return { name, closing, attrs, end: i + 1 };
    const attrStart = i;
    i += 1;
    while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') i += 1;
    const attrName = html.slice(attrStart, i).toLowerCase();
    while (i < html.length && isSpace(html[i])) i += 1;
    let value = '';
    if (html[i] === '=') {
      i += 1;
      while (i < html.length && isSpace(html[i])) i += 1;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return { name, closing, attrs, end: html.length };
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !isSpace(html[i]) && html[i] !== '>') i += 1;
        value = html.slice(valueStart, i);
      }
    }
    // The first of duplicate attributes wins, as in the browser.
    if (!attrs.has(attrName)) attrs.set(attrName, value);
  }
  // A tag cut off by the end of the input is dropped by the browser as well.
  return { name, closing, attrs, end: html.length };
}

/** Index just past the end tag `</name ...>` closing a raw-text element, or the end of the input. */
function endOfRawText(html: string, from: number, name: string): number {
  const lower = html.toLowerCase();
  let at = from;
  for (;;) {
    const hit = lower.indexOf(`</${name}`, at);
    if (hit === -1) return html.length;
    const after = lower[hit + name.length + 2];
    if (after === undefined || after === '>' || after === '/' || isSpace(after)) {
      const close = html.indexOf('>', hit);
      return close === -1 ? html.length : close + 1;
    }
    at = hit + 1;
  }
}

export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  /** While > 0, inside an element dropped with its content. */
  let skipDepth = 0;
  let skipName = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const textEnd = lt === -1 ? html.length : lt;
    if (textEnd > i && !skipDepth) out.push(escapeText(html.slice(i, textEnd)));
    if (lt === -1) break;
    i = lt;
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?' || (html[i + 1] === '/' && !/[a-zA-Z]/.test(html[i + 2] ?? ''))) {
      // Doctype, processing instruction, `</1>`: bogus comments to the browser.
      const end = html.indexOf('>', i);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, i);
    if (!tag) {
      if (!skipDepth) out.push('&lt;');
      i += 1;
      continue;
    }
    i = tag.end;
    if (!tag.closing && RAW_TEXT.has(tag.name)) {
      i = endOfRawText(html, i, tag.name);
      continue;
    }
    if (skipDepth) {
      if (tag.name === skipName) skipDepth += tag.closing ? -1 : 1;
      continue;
    }
    if (DROP_WITH_CONTENT.has(tag.name)) {
      if (!tag.closing) {
        skipDepth = 1;
        skipName = tag.name;
      }
      continue;
    }
    const name = RENAME[tag.name] ?? tag.name;
    if (!ALLOWED.has(name)) continue;
    if (tag.closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    if (CLOSES_P.has(name)) {
      const at = open.lastIndexOf('p');
      if (at !== -1) while (open.length > at) out.push(`</${open.pop()}>`);
    }
    if (VOID.has(name)) {
      out.push(`<${name}>`);
      continue;
    }
    if (name === 'a') {
      const href = tag.attrs.has('href') ? safeHref(tag.attrs.get('href')!) : null;
      out.push(href ? `<a href="${escapeAttr(href)}" rel="noopener noreferrer" target="_blank">` : '<a>');
    } else {
      out.push(`<${name}>`);
    }
    open.push(name);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}

/** The text a reader would see, for telling an empty announcement (only tags or blanks) from a real one. */
export function visibleText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\u00a0/g, ' ').trim();
}

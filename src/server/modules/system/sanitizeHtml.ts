import sanitize from 'sanitize-html';

/**
 * Announcement HTML cleaned to a small allow-list before it is stored, so what a reader's
 * browser renders can never run script. The parsing and writing are sanitize-html's (a
 * maintained library, htmlparser2 underneath); this file only says what is allowed:
 * - the formatting tags below, with no attributes but an `<a>`'s href;
 * - hrefs with an http, https or mailto address only (no relative, script or data URLs),
 *   and such a link opens in a new tab without access to this window;
 * - divs (contentEditable and pasted text wrap lines in them) become paragraphs;
 * - script-capable and foreign elements are dropped with everything inside them.
 */
const ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'a', 'span'];
/** Dropped with their content: raw-text elements, foreign content, plugins and templates. */
const DROP_WITH_CONTENT = [
  'script', 'style', 'iframe', 'noembed', 'noframes', 'noscript', 'textarea', 'title', 'xmp', 'plaintext', 'option',
  'object', 'applet', 'svg', 'math', 'template', 'head', 'select', 'video', 'audio', 'canvas', 'frameset',
];
const SAFE_URL = /^(https?:\/\/|mailto:)/i;

/**
 * An href the reader may follow: http, https or mailto, judged as the browser reads it (the
 * library has decoded its character references; blanks and control characters anywhere in it
 * are ignored, as the browser ignores tabs and newlines inside a scheme).
 */
function safeHref(raw: string | undefined): string | null {
  if (raw == null) return null;
  // eslint-disable-next-line no-control-regex
  return SAFE_URL.test(raw.replace(/[\u0000-\u0020\u007f]/g, '')) ? raw.trim() : null;
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  selfClosing: ['br'],
  transformTags: {
    div: 'p',
    // Only a safe href is kept (the library checks its scheme again), and only then the rel and target this sets.
    a: (tagName, attribs): sanitize.Tag => {
      const href = safeHref(attribs.href);
      return { tagName, attribs: href ? { href, rel: 'noopener noreferrer', target: '_blank' } : {} };
    },
  },
};

export function sanitizeHtml(html: string): string {
  // A stray `</p>` is an empty paragraph to the parser (and to the browser); it shows nothing, so it goes.
  return sanitize(html, OPTIONS).replace(/<p><\/p>/g, '');
}

/** The text a reader would see, for telling an empty announcement (only tags or blanks) from a real one. */
export function visibleText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\u00a0/g, ' ').trim();
}

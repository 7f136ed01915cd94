import sanitizeHtml from 'sanitize-html';

/**
 * What a message may contain: text formatting, lists, headings, links and images. Anything else
 * (scripts, styles, iframes, forms, event-handler attributes, `style`) is removed; `javascript:`,
 * `data:` and other schemes are dropped from links and images. Stored sanitised, so every reader
 * (the web, the operator list, a future app) gets safe HTML; the web sanitises again anyway.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'small',
    'span',
    'div',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'hr',
    'a',
    'img',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Removed with their content, not unwrapped into text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  disallowedTagsMode: 'discard',
  // An image must be an absolute https address (a relative one would load from the site itself).
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https:\/\//i.test(frame.attribs.src ?? ''),
  transformTags: {
    // Links open outside the site and give the target no handle on it.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};
// The transform adds these; they are not accepted from the author.
options.allowedAttributes = { ...options.allowedAttributes, a: ['href', 'title', 'target', 'rel'] };

const hasMarkup = /<[a-z!/][^>]*>/i;

/**
 * A message body as stored: sanitised HTML. Plain text (no tags) keeps its line breaks as `<br>`
 * so a message typed in a textarea reads as written.
 */
export function sanitizeMessageHtml(input: string): string {
  const text = input.replace(/\r\n?/g, '\n').trim();
  if (!hasMarkup.test(text)) {
    return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).replace(/\n/g, '<br>');
  }
  return sanitizeHtml(text, options).trim();
}

/** True when the sanitised HTML shows something (text or an image). */
export function hasVisibleContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() !== '';
}

/**
 * Rich text is sanitised on the server on every write (the engine applies it to each `richText`
 * field, see `sanitize` in ./kinds.ts), so an API consumer never receives script, event handlers or `javascript:` URLs, whatever
 * a client posted. The allow-list is what the admin's editor (tiptap StarterKit) produces, so its
 * own output is stored byte for byte: the sanitiser (sanitize-html) writes void elements and
 * no-break spaces the way a browser's innerHTML, which produced the editor's HTML, does.
 */
import sanitizeHtml from 'sanitize-html';

const ALLOW_LIST: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 's', 'u', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'ul', 'ol', 'li', 'blockquote', 'pre', 'hr', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start', 'type'], code: ['class'] },
  // Only the code block's language, no other class or any style.
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Everything else goes with its content when it is code-like, else only the tag.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'],
};

/** The stored form of a rich text value: only the allow-listed tags and attributes. */
export const sanitizeRichText = (html: string): string =>
  sanitizeHtml(html, ALLOW_LIST)
    .replace(/<(br|hr) \/>/g, '<$1>')
    .replace(/\u00a0/g, '&nbsp;');

/**
 * Rich text is sanitised on the server on every write (the engine applies it to each `richText`
 * field), so an API consumer never receives script, event handlers or `javascript:` URLs, whatever
 * a client posted. The allow-list is what the admin's editor (tiptap StarterKit) produces, so its
 * own output is stored byte for byte: the sanitiser (sanitize-html) writes void elements and
 * no-break spaces the way a browser's innerHTML, which produced the editor's HTML, does.
 */
import sanitizeHtml from 'sanitize-html';
import type { Entity } from '../../src/schema/entity';

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

const sanitizeFields = (fields: Entity['fields'], values: Record<string, unknown>): Record<string, unknown> => {
  const out = { ...values };
  for (const [name, decl] of Object.entries(fields)) {
    if (decl.kind === 'richText' && typeof out[name] === 'string') out[name] = sanitizeRichText(out[name] as string);
    // Child rows hold the same kinds: their rich text is stored as sanitised as the record's own.
    if (decl.children && Array.isArray(out[name])) {
      out[name] = (out[name] as Record<string, unknown>[]).map((row) => sanitizeFields(decl.children!.fields, row));
    }
  }
  return out;
};

/** `values` with every `richText` field of the entity (and of its child rows) sanitised, others untouched. */
export const sanitizeRichTextFields = (entity: Entity, values: Record<string, unknown>): Record<string, unknown> =>
  sanitizeFields(entity.fields, values);

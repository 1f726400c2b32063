/**
 * Rich text is sanitised on the server on every write (the engine applies it to each `richText`
 * field, see `sanitize` in ./kinds.ts), so an API consumer never receives script, event handlers or `javascript:` URLs, whatever
 * a client posted. The allow-list is what the admin's editor (tiptap StarterKit) produces, so its
 * own output is stored byte for byte: the sanitiser (sanitize-html) writes void elements and
 * no-break spaces the way a browser's innerHTML, which produced the editor's HTML, does.
 *
 * Images: only those the editor's image button inserts, i.e. our own uploads (`/uploads/<key>` as
 * `POST /minio/upload` answers, or that path under PUBLIC_URL when set). Any other `<img>` goes
 * whole: a foreign or `data:` source would let stored text load what we never checked.
 */
import sanitizeHtml from 'sanitize-html';

/** The path of a stored upload: `/uploads/` and a key of plain segments ending in .jpg or .png (no `..`, no query). */
const UPLOAD_PATH = /^\/uploads\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:jpg|png)$/;

/**
 * The origins besides our own (relative URLs) whose uploads an image may show: the PUBLIC_URL
 * the upload answer puts before the path. Set by the app at start (server/app.ts); one server
 * process has one PUBLIC_URL.
 */
const uploadOrigins = new Set<string>();
export const trustUploadOrigin = (publicUrl: string | null): void => {
  if (!publicUrl) return;
  try {
    uploadOrigins.add(new URL(publicUrl).origin);
  } catch {
    // Not a URL (config.ts checks it): no absolute upload URL is kept.
  }
};

/** Whether `src` is one of our own uploaded images. */
const isOwnUploadUrl = (src: string): boolean => {
  if (UPLOAD_PATH.test(src)) return true;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  return uploadOrigins.has(url.origin) && !url.search && !url.hash && !url.username && !url.password
    && src === `${url.origin}${url.pathname}` && UPLOAD_PATH.test(url.pathname);
};

const ALLOW_LIST: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 's', 'u', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'ul', 'ol', 'li', 'blockquote', 'pre', 'hr', 'a', 'img'],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start', 'type'], code: ['class'], img: ['src', 'alt'] },
  // Only the code block's language, no other class or any style.
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // An image stays only with one of our own uploads as its source (checked after the scheme
  // filter and entity decoding, so what is checked is what a browser would load).
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnUploadUrl(frame.attribs.src ?? ''),
  allowProtocolRelative: false,
  // Everything else goes with its content when it is code-like, else only the tag.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'],
};

/** The stored form of a rich text value: only the allow-listed tags and attributes. */
export const sanitizeRichText = (html: string): string =>
  sanitizeHtml(html, ALLOW_LIST)
    .replace(/<(br|hr) \/>/g, '<$1>')
    // Attribute values never hold a raw `>` (escaped on output), so this ends at the tag.
    .replace(/<(img\b[^>]*?) \/>/g, '<$1>')
    .replace(/\u00a0/g, '&nbsp;');

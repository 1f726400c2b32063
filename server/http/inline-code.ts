/**
 * The code the build wrote into a page itself (vite.config.ts puts the sign-in form's draw and the
 * stylesheet into index.html): read by the CSP, which allows each inline script by its hash, and by
 * the size check, which counts them in the login page's budget.
 */

/** The bodies of `html`'s inline `<tag>` elements that hold code (a script with a `src` holds none). */
export const inlineBodies = (html: string, tag: 'script' | 'style'): string[] =>
  [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'gi'))]
    .filter(([, attrs, body]) => !/(^|\s)src\s*=/i.test(attrs!) && body!.trim().length > 0)
    .map(([, , body]) => body!);

/**
 * Ant path patterns as `mall` uses them in `ums_resource.url` (Spring's AntPathMatcher):
 * `?` one character, `*` any characters within one segment, `**` any number of segments,
 * `{name}` one segment's characters and `{name:\d+}` what the (restricted) regex matches there.
 * Case-sensitive, segment-wise: `/resource/**` does not match `/resourceCategory/list`.
 * Shared: the server decides with it, the admin hides what the server would refuse.
 */

const literal = (text: string): string =>
  text.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\?/g, '[^/]').replace(/\*/g, '[^/]*');

/**
 * The regular expressions a `{name:regex}` variable may hold: one atom (`\d`, `\w` or a class of
 * letters, digits, `_` and `-`) with at most one `+`, `*` or `?`. Enough for `{id:\d+}`, and linear
 * to match whatever an administrator types; anything else matches nothing (fails closed).
 */
const SAFE_VARIABLE = /^(?:\\[dw]|\[\^?[A-Za-z0-9_-]+\])[+*?]?$/;
const NOTHING = '(?!)';

/** Spring's URI variables: `{name}` is one segment's characters, `{name:regex}` what the regex matches. */
const variable = (body: string): string => {
  const colon = body.indexOf(':');
  if (colon === -1) return '[^/]*';
  const regex = body.slice(colon + 1);
  return SAFE_VARIABLE.test(regex) ? `(?:${regex})` : NOTHING;
};

const segmentRegex = (segment: string): RegExp => {
  let source = '';
  let rest = segment;
  for (let open = rest.indexOf('{'); open !== -1; open = rest.indexOf('{')) {
    const close = rest.indexOf('}', open);
    if (close === -1) break;
    source += literal(rest.slice(0, open)) + variable(rest.slice(open + 1, close));
    rest = rest.slice(close + 1);
  }
  return new RegExp(`^${source}${literal(rest)}$`);
};

const split = (path: string): string[] => path.split('/').filter((s) => s !== '');

/** A matcher for one pattern; compile once, match many paths. */
export const compileAntPattern = (pattern: string): ((path: string) => boolean) => {
  const parts = split(pattern).map((p) => (p === '**' ? null : segmentRegex(p)));
  const matchFrom = (segments: string[], pi: number, si: number): boolean => {
    if (pi === parts.length) return si === segments.length;
    const part = parts[pi];
    if (part === null) {
      for (let k = si; k <= segments.length; k += 1) if (matchFrom(segments, pi + 1, k)) return true;
      return false;
    }
    return si < segments.length && part!.test(segments[si]!) && matchFrom(segments, pi + 1, si + 1);
  };
  return (path: string) => matchFrom(split(path.split('?')[0] ?? ''), 0, 0);
};

export const antMatch = (pattern: string, path: string): boolean => compileAntPattern(pattern)(path);

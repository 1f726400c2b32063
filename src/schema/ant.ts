/**
 * Ant path patterns as `mall` uses them in `ums_resource.url` (Spring's AntPathMatcher):
 * `?` one character, `*` any characters within one segment, `**` any number of segments.
 * Case-sensitive, segment-wise: `/resource/**` does not match `/resourceCategory/list`.
 * Shared: the server decides with it, the admin hides what the server would refuse.
 */

const segmentRegex = (segment: string): RegExp =>
  new RegExp(`^${segment.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\?/g, '[^/]').replace(/\*/g, '[^/]*')}$`);

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

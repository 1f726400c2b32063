/**
 * Just enough of source maps for the benches: decoding a map's segments (base64 VLQ), naming the
 * npm package a source belongs to, and finding the source of a generated position (a CPU profile's
 * call frame). The build writes hidden maps beside every file (vite.config.ts `sourcemap: 'hidden'`).
 */
import { existsSync, readFileSync } from 'node:fs';

export type RawSourceMap = { sources: string[]; mappings: string };

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one source-map segment (base64 VLQ) into its numbers. */
export const decodeSegment = (segment: string): number[] => {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = B64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
};

/** Which package a source path belongs to: the folder after the last node_modules, or our own code. */
export const packageOf = (source: string): string => {
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) {
    const [first = '', second = ''] = source.slice(at + 'node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  if (/(^|\/)src\//.test(source)) return '(our code)';
  if (source.includes('vite/') || source.includes('\0') || source.startsWith('vite')) return '(vite runtime)';
  return '(other)';
};

export const readMap = (file: string): RawSourceMap | null =>
  existsSync(`${file}.map`) ? (JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap) : null;

/**
 * A lookup from a generated (line, column), both 0-based, to the source index that owns it: per
 * line, the segments' start columns in order with their source (-1: unmapped).
 */
export const positionIndex = (map: RawSourceMap): ((line: number, column: number) => string | null) => {
  const lines: { columns: number[]; sources: number[] }[] = [];
  let source = 0;
  for (const mapLine of map.mappings.split(';')) {
    const columns: number[] = [];
    const sources: number[] = [];
    let column = 0;
    for (const segment of mapLine.split(',')) {
      if (segment === '') continue;
      const values = decodeSegment(segment);
      column += values[0]!;
      columns.push(column);
      if (values.length >= 4) {
        source += values[1]!;
        sources.push(source);
      } else {
        sources.push(-1);
      }
    }
    lines.push({ columns, sources });
  }
  return (line, column) => {
    const at = lines[line];
    if (!at || at.columns.length === 0) return null;
    let lo = 0;
    let hi = at.columns.length - 1;
    if (column < at.columns[0]!) return null;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (at.columns[mid]! <= column) lo = mid;
      else hi = mid - 1;
    }
    const index = at.sources[lo]!;
    return index >= 0 ? map.sources[index] ?? null : null;
  };
};

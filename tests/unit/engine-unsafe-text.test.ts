// Protects: the one NUL / lone-surrogate rule every route shares: such text is never stored changed nor fails PostgreSQL with a 500.
import { describe, expect, it } from 'vitest';
import { hasUnsafeText, isUnsafeText, safeString, unsafeTextErrors, validate } from '../../src/schema/validation';

describe('unsafe text', () => {
  it('refuses NUL and lone surrogates, accepts paired surrogates (emoji) and ordinary text', () => {
    expect(isUnsafeText('a\u0000b')).toBe(true);
    expect(isUnsafeText('x\uD800')).toBe(true);
    expect(isUnsafeText('\uDC00y')).toBe(true);
    expect(isUnsafeText('\uDC00\uD800')).toBe(true);
    expect(isUnsafeText('品牌 😀 \u200b')).toBe(false);
  });

  it('searches arrays, objects and keys', () => {
    expect(hasUnsafeText(['ok', ['\uD83D']])).toBe(true);
    expect(hasUnsafeText({ a: { b: 'x\u0000' } })).toBe(true);
    expect(hasUnsafeText({ ['k\uDFFF']: 1 })).toBe(true);
    expect(hasUnsafeText({ a: [1, null, 'fine'] })).toBe(false);
    expect(unsafeTextErrors({ name: 'x\uD800', sort: 1 }).map((e) => [e.field, e.messageKey])).toEqual([['name', 'invalid_format']]);
  });

  it('safeString answers invalid_format for hand-written schemas', () => {
    const result = validate(safeString(), 'bad\uD800');
    expect(result.ok ? [] : result.errors.map((e) => e.messageKey)).toEqual(['invalid_format']);
    expect(validate(safeString(), 'good').ok).toBe(true);
  });
});

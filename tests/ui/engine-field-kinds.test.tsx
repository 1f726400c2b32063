// Protects: the admin's one kind table (src/engine/kinds.tsx): an entry for every field kind, each complete, and a range filter input for every kind the shared table lets a range filter compare.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { KIND_UI } from '../../src/engine/kinds';
import type { FieldKind } from '../../src/schema/engine/entity';
import { KINDS } from '../../src/schema/engine/kinds';

const kinds = Object.keys(KINDS).sort() as FieldKind[];

describe('the admin kind table', () => {
  it('covers every kind at compile time and at run time', () => {
    // A missing entry fails `satisfies Record<FieldKind, KindUi>` in the table itself.
    expectTypeOf<keyof typeof KIND_UI>().toEqualTypeOf<FieldKind>();
    expect(Object.keys(KIND_UI).sort()).toEqual(kinds);
    for (const kind of kinds) {
      const ui = KIND_UI[kind];
      expect(typeof ui.input, kind).toBe('function');
      expect(typeof ui.display, kind).toBe('function');
      expect(typeof ui.csv, kind).toBe('function');
      expect(['list', 'always', 'never'], kind).toContain(ui.exported);
    }
  });

  it('offers a range filter input exactly for the kinds a range filter can compare', () => {
    for (const kind of kinds) expect(KIND_UI[kind].rangeInput !== undefined, kind).toBe(KINDS[kind].range);
  });

  it('never exports a write-only kind', () => {
    for (const kind of kinds) if (KINDS[kind].writeOnly) expect(KIND_UI[kind].exported, kind).toBe('never');
  });
});

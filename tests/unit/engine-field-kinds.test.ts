// Protects: the one kind table per half (src/schema/engine/kinds.ts shared, server/crud/kinds.ts server): every field kind has an entry in each, and what a kind promises (a range filter) the server can carry out.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FieldKind } from '../../src/schema/engine/entity';
import { KINDS } from '../../src/schema/engine/kinds';
import { SERVER_KINDS } from '../../server/crud/kinds';

const kinds = Object.keys(KINDS).sort();

describe('field kind tables', () => {
  it('cover every kind at compile time', () => {
    // A missing entry fails `satisfies Record<FieldKind, …>` in the table itself; these keep the exported types honest.
    expectTypeOf<keyof typeof KINDS>().toEqualTypeOf<FieldKind>();
    expectTypeOf<keyof typeof SERVER_KINDS>().toEqualTypeOf<FieldKind>();
  });

  it('hold an entry for every kind at run time, each complete', () => {
    expect(kinds.length).toBeGreaterThan(10);
    expect(Object.keys(SERVER_KINDS).sort()).toEqual(kinds);
    for (const kind of kinds as FieldKind[]) {
      expect(typeof KINDS[kind].schema, kind).toBe('function');
      expect(typeof KINDS[kind].numeric, kind).toBe('function');
      expect(typeof SERVER_KINDS[kind].toColumn, kind).toBe('function');
      expect(typeof SERVER_KINDS[kind].fromColumn, kind).toBe('function');
    }
  });

  it('give every kind that allows a range filter a way to read its bounds, and no other', () => {
    for (const kind of kinds as FieldKind[]) {
      expect(SERVER_KINDS[kind].rangeBound !== undefined, kind).toBe(KINDS[kind].range);
    }
  });

  it('store and read back a value of each storable kind unchanged (a time as it is answered)', () => {
    const samples: Partial<Record<FieldKind, unknown>> = {
      text: 'a', longText: 'b', richText: '<p>c</p>', int: 7, money: 12.34, ratio: 0.125, flag: 1, date: '2024-05-01',
      dateTime: '2024-05-01T16:00:00.000Z', time: '08:30:00', image: '/a.png', images: ['/a.png', '/b.png'], reference: 3, references: [1, 2], json: { a: 1 },
    };
    // A time of day is answered on a fixed day, a date-time mall's clients parse (src/schema/engine/kinds.ts).
    const answered: Partial<Record<FieldKind, unknown>> = { time: '1970-01-01T08:30:00' };
    for (const [kind, value] of Object.entries(samples) as [FieldKind, unknown][]) {
      const spec = SERVER_KINDS[kind];
      const decl = { kind };
      expect(spec.fromColumn(decl, spec.toColumn(decl, value)), kind).toEqual(answered[kind] ?? value);
    }
  });
});

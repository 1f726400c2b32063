// Protects: transition declarations: which states a row's buttons allow, the start-up check of a declaration the engine cannot carry out, and the guide's generated transition table (docs/guide/transitions.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTransition } from '../../server/crud/transitions';
import { entityList } from '../../src/schema/entities';
import type { ActionDecl, Entity } from '../../src/schema/engine/entity';
import { transitionAllows } from '../../src/schema/engine/entity';
import { transitionTable } from '../../scripts/transition-table';
import { gadget, gadgetHistory } from '../helpers/action-fixture';

const entity = gadget as unknown as Entity;
const entities = [entity, gadgetHistory as unknown as Entity];

describe('transitions', () => {
  it('allow a row only from their declared states; other actions always', () => {
    expect(transitionAllows(entity, 'start', { status: 0 })).toBe(true);
    expect(transitionAllows(entity, 'start', { status: 1 })).toBe(false);
    expect(transitionAllows(entity, 'retire', { status: 2 })).toBe(true);
    expect(transitionAllows(entity, 'retire', { status: 3 })).toBe(false);
    expect(transitionAllows(entity, 'rename', { status: 3 })).toBe(true);
  });

  it('are checked at start: a transition the engine cannot carry out is refused with what is wrong', () => {
    const start = gadget.actions!.start as ActionDecl;
    const check = (decl: ActionDecl, on: Entity = entity, known: readonly Entity[] = entities) => () => checkTransition(on, 'x', decl, known);
    expect(check(start)).not.toThrow();
    expect(check({ ...start, transition: { from: [7], to: 1 } })).toThrow(/7 is no value of status/);
    expect(check({ ...start, transition: { from: [0], to: 'done' } })).toThrow(/done is no value/);
    expect(check({ ...start, on: 'collection' })).toThrow(/on a row or a selection/);
    expect(check({ ...start, writes: false })).toThrow(/writes/);
    expect(check({ ...start, transition: { from: [0], to: 1, none: 'no_such_key' } })).toThrow(/no message key/);
    expect(check(start, { ...entity, states: undefined })).toThrow(/states.field/);
    expect(check(start, entity, [entity])).toThrow(/no declared history entity gadgetHistory/);
    expect(check(start, { ...entity, states: { field: 'status', history: { ...entity.states!.history!, from: 'nope' } } })).toThrow(/has no field nope/);
  });

  it('are listed per entity in a table: states, parameters, history', () => {
    expect(transitionTable(entities)).toBe([
      '| entity | transition | on | from | to | parameters | history |',
      '|---|---|---|---|---|---|---|',
      '| `gadget` | `start` | row | `0` | `1` | `note` (required) | `gadgetHistory` |',
      '| `gadget` | `repair` | row | `1` | `2` | `note` | `gadgetHistory` |',
      '| `gadget` | `retire` | selection | `0`, `1`, `2` | `3` | — | `gadgetHistory` |',
      '| `gadget` | `dispatch` | selection | `1` | `2` | `note` (required) | `gadgetHistory` |',
    ].join('\n') + '\n');
  });

  it("match the guide's transition table (npx tsx scripts/transitions-table.ts prints it)", () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'guide', 'transitions.md'), 'utf8');
    const section = readme.split('<!-- transitions:start -->\n')[1]?.split('<!-- transitions:end -->')[0];
    expect(section).toBe(transitionTable(entityList));
  });
});

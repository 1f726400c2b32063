/**
 * The transitions of declared entities as a Markdown table, for the README
 * (`npx tsx scripts/transitions-table.ts`; tests/unit/entity-transitions.test.ts keeps the two equal).
 */
import type { Entity } from './entity';
import { transitionsOf } from './entity';

const code = (value: unknown): string => `\`${String(value)}\``;

/** A state value with its enum label when the state field has one (`1 (open)`). */
const stateOf = (entity: Entity, value: number | string): string => {
  const label = entity.fields[entity.states?.field ?? '']?.options?.find((o) => o.value === value)?.label;
  return label ? `${code(value)} (${label})` : code(value);
};

export const transitionTable = (entities: readonly Entity[]): string => {
  const rows = entities.flatMap((entity) => transitionsOf(entity).map(([name, decl]) => {
    const params = Object.entries(decl.params ?? {}).map(([param, d]) => `${code(param)}${d.required ? ' (required)' : ''}`).join(', ') || '—';
    const history = entity.states?.history ? code(entity.states.history.entity) : '—';
    return `| ${code(entity.name)} | ${code(name)} | ${decl.on} | ${decl.transition.from.map((v) => stateOf(entity, v)).join(', ')} | `
      + `${stateOf(entity, decl.transition.to)} | ${params} | ${history} |`;
  }));
  if (!rows.length) return 'No registered entity declares transitions yet.\n';
  return ['| entity | transition | on | from | to | parameters | history |', '|---|---|---|---|---|---|---|', ...rows].join('\n') + '\n';
};

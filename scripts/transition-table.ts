/**
 * The transitions of declared entities as a Markdown table, for docs/guide/transitions.md
 * (`npx tsx scripts/transitions-table.ts`; tests/unit/engine-entity-transitions.test.ts keeps the two equal).
 */
import type { ActionDecl, Entity } from '../src/schema/engine/entity';
import { allowedStatesOf, transitionsOf } from '../src/schema/engine/entity';

const code = (value: unknown): string => `\`${String(value)}\``;

/** A state value with its enum label when the state field has one (`1 (open)`). */
const stateOf = (entity: Entity, value: number | string): string => {
  const label = entity.fields[entity.states?.field ?? '']?.options?.find((o) => o.value === value)?.label;
  return label ? `${code(value)} (${label})` : code(value);
};

/** Actions that keep the state but are allowed only in some states (`inStates`). */
const inStateActionsOf = (entity: Entity): [string, ActionDecl & { readonly inStates: readonly (number | string)[] }][] =>
  Object.entries(entity.actions ?? {}).flatMap(([name, decl]) => (decl.inStates && !decl.transition ? [[name, decl as ActionDecl & { inStates: readonly (number | string)[] }]] : []));

/** The transitions, then the actions that keep the state in the states they allow (`to`: unchanged). */
export const transitionTable = (entities: readonly Entity[]): string => {
  const paramsOf = (decl: ActionDecl) => Object.entries(decl.params ?? {}).filter(([, d]) => !d.serverManaged)
    .map(([param, d]) => `${code(param)}${d.required ? ' (required)' : ''}`).join(', ') || '—';
  const rows = entities.flatMap((entity) => {
    const history = entity.states?.history ? code(entity.states.history.entity) : '—';
    return [
      ...transitionsOf(entity).map(([name, decl]) => `| ${code(entity.name)} | ${code(name)} | ${decl.on} | ${decl.transition.from.map((v) => stateOf(entity, v)).join(', ')} | `
        + `${stateOf(entity, decl.transition.to)} | ${paramsOf(decl)} | ${history} |`),
      ...inStateActionsOf(entity).map(([name, decl]) => `| ${code(entity.name)} | ${code(name)} | ${decl.on} | ${decl.inStates.map((v) => stateOf(entity, v)).join(', ')} | `
        + `unchanged | ${paramsOf(decl)} | — |`),
    ];
  });
  if (!rows.length) return 'No registered entity declares transitions yet.\n';
  return ['| entity | transition | on | from | to | parameters | history |', '|---|---|---|---|---|---|---|', ...rows].join('\n') + '\n';
};

/**
 * One row per state of an entity: what it means for other statuses that follow from it (`facets`:
 * an order's payment and delivery status), and every action the state allows: a transition with
 * where it goes, an `inStates` action as it is. Actions allowed in every state are left out.
 * `extra` lines follow for what no state has of its own (an order's "refunded", set by a return).
 */
export type StateTableLine = { readonly state: string; readonly facets: Readonly<Record<string, string>>; readonly actions: string };

export const stateTable = (
  entity: Entity, facets: Readonly<Record<string, Readonly<Record<string, string>>>> = {}, extra: readonly StateTableLine[] = [],
): string => {
  const field = entity.states ? entity.fields[entity.states.field] : undefined;
  if (!field?.options) return 'The entity has no enumerated state field.\n';
  const facetNames = [...new Set(Object.values(facets).flatMap((f) => Object.keys(f)))];
  const rows = field.options.map((option) => {
    const allowed = Object.entries(entity.actions ?? {}).flatMap(([name, decl]) => {
      const states = allowedStatesOf(decl);
      if (!states?.includes(option.value)) return [];
      return [decl.transition ? `${code(name)} → ${stateOf(entity, decl.transition.to)}` : code(name)];
    });
    const facetCells = facetNames.map((name) => facets[String(option.value)]?.[name] ?? '—');
    return `| ${stateOf(entity, option.value)} | ${facetCells.join(' | ')}${facetNames.length ? ' | ' : ''}${allowed.join(', ') || '—'} |`;
  });
  const extraRows = extra.map((line) => `| ${[line.state, ...facetNames.map((name) => line.facets[name] ?? '—'), line.actions].join(' | ')} |`);
  const header = [entity.states!.field, ...facetNames, 'allowed actions'];
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows, ...extraRows].join('\n') + '\n';
};

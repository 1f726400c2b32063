/** List filters from the declaration: the keyword search, every declared field filter (inputs by kind: ./kinds.tsx) and column-comparison filter. */
import type { ReactElement } from 'react';
import Chip from '@mui/material/Chip';
import { BooleanInput, SearchInput, useTranslate } from 'react-admin';
import type { Entity, FieldDecl } from '../schema/engine/entity';
import { compareFiltersOf, filterOf, rangeOf } from '../schema/engine/entity';
import { filterInput, rangeInput } from './kinds';
import { compareFilterLabelKey, fieldLabelKey } from './labels';

/** Whether the user may list an entity (react-admin's `canAccess`), to offer a filter that picks from it. */
export type CanList = (entityName: string) => boolean;

const everything: CanList = () => true;

/**
 * Entities the reference filters pick from. A filter over one the user may not list is left out:
 * its picker could not load (a seller and the admin accounts behind a shop's owner).
 */
export const filterTargets = (entity: Entity): string[] => [...new Set(Object.entries(entity.fields)
  .flatMap(([name, decl]) => (decl.kind === 'reference' && decl.reference && filterOf(name, decl) ? [decl.reference.entity] : [])))];

const offered = (decl: FieldDecl, canList: CanList): boolean =>
  decl.kind !== 'reference' || !decl.reference || canList(decl.reference.entity);

const RangeLabel = ({ entity, name, end }: { entity: Entity; name: string; end: 'from' | 'to' }) => {
  const translate = useTranslate();
  return <>{translate(`entity.range.${end}`, { field: translate(fieldLabelKey(entity, name)) })}</>;
};

/** A range filter: a from/to pair named as its query parameters, by day for dates and times. */
const rangeInputs = (entity: Entity, name: string, decl: FieldDecl, range: { from: string; to: string }, alwaysOn: boolean): ReactElement[] =>
  (['from', 'to'] as const).map((end) => {
    const props = { source: range[end], label: <RangeLabel entity={entity} name={name} end={end} />, alwaysOn };
    return rangeInput(decl, props);
  });

/**
 * A column-comparison filter behind "Add filter": picking it sets the filter on (its
 * `defaultValue`) and shows it as a chip; the filter form's remove button takes it off.
 */
const CompareChip = ({ label }: { source: string; label: string; alwaysOn?: boolean; defaultValue?: number }) => {
  const translate = useTranslate();
  return <Chip label={translate(label)} color="primary" variant="outlined" sx={{ mb: 1 }} data-testid="compare-filter-chip" />;
};

/** A column-comparison filter (`compareFilters`): a chip, or a checkbox where it is always shown. */
const compareInputs = (entity: Entity): ReactElement[] => compareFiltersOf(entity).map((filter) => {
  const label = compareFilterLabelKey(entity, filter.param);
  return filter.alwaysOn
    ? <BooleanInput key={`compare:${filter.param}`} source={filter.param} label={label} alwaysOn />
    : <CompareChip key={`compare:${filter.param}`} source={filter.param} label={label} defaultValue={1} />;
});

/** `hidden`: fields pinned by the screen URL (a parent id), which the user does not pick. */
export const entityFilters = (entity: Entity, hidden: ReadonlySet<string> = new Set(), canList: CanList = everything): ReactElement[] => {
  const inputs: ReactElement[] = [];
  if (entity.search) inputs.push(<SearchInput key={`search:${entity.search.param}`} source={entity.search.param} alwaysOn />);
  for (const [name, decl] of Object.entries(entity.fields)) {
    const declared = filterOf(name, decl);
    if (!declared || hidden.has(name) || !offered(decl, canList)) continue;
    const range = rangeOf(name, decl);
    if (range) {
      inputs.push(...rangeInputs(entity, name, decl, range, declared.alwaysOn));
      continue;
    }
    inputs.push(filterInput(entity, name, decl, declared.alwaysOn));
  }
  inputs.push(...compareInputs(entity));
  return inputs;
};

/** Whether some filter sits behind the "Add filter" button (not always on, not pinned). */
export const hasOptionalFilters = (entity: Entity, hidden: ReadonlySet<string> = new Set(), canList: CanList = everything): boolean =>
  Object.entries(entity.fields).some(([name, decl]) => {
    const declared = filterOf(name, decl);
    return declared !== null && !declared.alwaysOn && !hidden.has(name) && offered(decl, canList);
  }) || compareFiltersOf(entity).some((filter) => !filter.alwaysOn);

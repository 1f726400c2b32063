/**
 * The admin's side of `createMany` (EntityOptions): the create form picks several targets of the
 * entity's `pick` reference at once, and each pick becomes one record of the array the create
 * route takes (`[{ brandId: 3 }, { brandId: 5 }]`).
 */
import type { Entity } from './entity';
import { DEFAULT_MAX_ROWS, references } from './entity';

const forms = new WeakMap<Entity, Entity>();

/**
 * The entity the create form validates and draws: the same entity with its `pick` reference made
 * a required list of ids (a searchable multi-select over the same target); other entities as they are.
 */
export const createFormOf = (entity: Entity): Entity => {
  const pick = entity.createMany?.pick;
  if (!pick) return entity;
  let form = forms.get(entity);
  if (!form) {
    const decl = entity.fields[pick];
    if (!decl?.reference) throw new Error(`${entity.name}: createMany picks ${pick}, which is no reference`);
    const many = references(decl.reference.entity, decl.reference.display, { required: true, maxCount: DEFAULT_MAX_ROWS });
    form = { ...entity, fields: { ...entity.fields, [pick]: many } };
    forms.set(entity, form);
  }
  return form;
};

/** The records a create form's values stand for: one per picked id, with the form's other values. */
export const createManyRecords = (entity: Entity, values: Readonly<Record<string, unknown>>): Record<string, unknown>[] => {
  const pick = entity.createMany?.pick;
  if (!pick) return [{ ...values }];
  const ids = Array.isArray(values[pick]) ? values[pick] as unknown[] : [];
  return ids.map((id) => ({ ...values, [pick]: id }));
};

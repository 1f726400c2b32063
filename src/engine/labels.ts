/** The i18n keys the declarations imply (`src/i18n/entities/*.ts` holds their texts). */
import type { Entity, EnumOption } from '../schema/engine/entity';

export const fieldLabelKey = (entity: Entity, field: string): string => `resources.${entity.name}.fields.${field}`;

/** A column-comparison filter's label (`compareFilters`, by query parameter). */
export const compareFilterLabelKey = (entity: Entity, param: string): string => `resources.${entity.name}.filters.${param}`;

export const enumLabelKey = (entity: Entity, field: string, option: EnumOption): string =>
  `resources.${entity.name}.enums.${field}.${option.label}`;

/** The label of an action: `resources.<entity>.actions.<name>.name`. */
export const actionLabelKey = (entity: Entity, name: string): string => `resources.${entity.name}.actions.${name}.name`;

export const sectionLabelKey = (entity: Entity, section: string): string => `resources.${entity.name}.sections.${section}`;

/** SelectInput choices of an enum field; react-admin translates the `name` keys. */
export const enumChoices = (entity: Entity, field: string): { id: number | string; name: string }[] =>
  (entity.fields[field]?.options ?? []).map((option) => ({ id: option.value, name: enumLabelKey(entity, field, option) }));

/** The two values of a 0/1 flag, for filters and batch operations. */
export const FLAG_CHOICES = [
  { id: 1, name: 'entity.flag.on' },
  { id: 0, name: 'entity.flag.off' },
] as const;

/**
 * A resource label inside a sentence: "No product categories yet", "Add return reason". Only a
 * capital followed by a small letter is lowered, so acronyms ("SKUs", "VIP plans") and scripts
 * without case (Chinese) stay as they are.
 */
export const inSentence = (label: string): string =>
  /^\p{Lu}\p{Ll}/u.test(label) ? `${label.charAt(0).toLowerCase()}${label.slice(1)}` : label;

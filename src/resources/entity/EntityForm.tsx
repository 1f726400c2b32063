/**
 * The create/edit form of an entity: one input per declared field (custom ones from the screen
 * options), grouped into tabs by `section` when the declaration has sections, validated with the
 * server's own rules before anything is sent.
 */
import type { ReactElement, ReactNode } from 'react';
import { useCallback } from 'react';
import type { RaRecord } from 'react-admin';
import { Loading, SimpleForm, TabbedForm, useRecordContext } from 'react-admin';
import type { Entity, FieldDecl } from '../../schema/entity';
import { createDefaults, validateCreate, validateUpdate } from './formValidation';
import { EntityFieldInput } from './inputs';
import { sectionLabelKey } from './labels';
import type { EntityScreenOptions } from './screenOptions';

type Mode = 'create' | 'edit';

export type EntityFormProps = {
  readonly entity: Entity;
  readonly options: EntityScreenOptions;
  readonly mode: Mode;
  /** Values pinned by the screen URL (create: a parent id). */
  readonly pinned?: Readonly<Record<string, unknown>>;
  readonly toolbar?: ReactElement | false;
};

const MAIN_SECTION = '';
/** Inputs stretch to the form's width; a readable line length keeps long forms scannable. */
const FORM_MAX_WIDTH = 720;

/** Form fields in declaration order, grouped by section; fields without one come first. */
const sectionsOf = (entity: Entity): [string, [string, FieldDecl][]][] => {
  const groups = new Map<string, [string, FieldDecl][]>([[MAIN_SECTION, []]]);
  for (const entry of Object.entries(entity.fields)) {
    if (entry[1].detailOnly) continue;
    const section = entry[1].section ?? MAIN_SECTION;
    groups.set(section, [...(groups.get(section) ?? []), entry]);
  }
  return [...groups].filter(([, fields]) => fields.length > 0);
};

const useFormValidator = (entity: Entity, mode: Mode) => {
  const record = useRecordContext();
  return useCallback(
    (values: Record<string, unknown>) => (mode === 'create' ? validateCreate(entity, values) : validateUpdate(entity, record ?? {}, values)),
    [entity, mode, record],
  );
};

export const EntityForm = ({ entity, options, mode, pinned, toolbar }: EntityFormProps) => {
  const record = useRecordContext<RaRecord>();
  const validate = useFormValidator(entity, mode);
  if (mode === 'edit' && !record) return <Loading />;

  const inputOf = ([name, decl]: [string, FieldDecl]): ReactNode => {
    const Custom = options.inputs?.[name];
    return Custom
      ? <Custom key={name} entity={entity} name={name} decl={decl} mode={mode} />
      : <EntityFieldInput key={name} entity={entity} name={name} decl={decl} mode={mode} />;
  };
  const sections = sectionsOf(entity);
  const formProps = {
    validate,
    sx: { maxWidth: FORM_MAX_WIDTH },
    toolbar,
    defaultValues: mode === 'create' ? createDefaults(entity, pinned) : undefined,
    // The server's rules run on submit and again on change once a field has shown an error.
    mode: 'onSubmit' as const,
    reValidateMode: 'onChange' as const,
  };

  if (sections.length <= 1) return <SimpleForm {...formProps}>{sections[0]?.[1].map(inputOf)}</SimpleForm>;
  return (
    <TabbedForm {...formProps}>
      {sections.map(([section, fields]) => (
        <TabbedForm.Tab key={section || 'main'} label={section ? sectionLabelKey(entity, section) : 'entity.main_section'}>
          {fields.map(inputOf)}
        </TabbedForm.Tab>
      ))}
    </TabbedForm>
  );
};

/**
 * The create/edit form of an entity: one input per declared field (custom ones from the screen
 * options), grouped into tabs by `section` when the declaration has sections, validated with the
 * server's own rules before anything is sent.
 */
import { createFormOf } from '../schema/engine/createMany';
import Box from '@mui/material/Box';
import type { ReactElement, ReactNode } from 'react';
import { useCallback, useEffect } from 'react';
import { useFormState } from 'react-hook-form';
import type { RaRecord } from 'react-admin';
import { Loading, SimpleForm, TabbedForm, TabbedFormTabs, useRecordContext } from 'react-admin';
import type { Entity, FieldDecl } from '../schema/engine/entity';
import { createDefaults, validateCreate, validateUpdate } from './formValidation';
import { EntityFieldInput, KIND_UI } from './kinds';
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
  /** Told whether the form holds unsaved changes (dialogs ask before closing such a form). */
  readonly onDirtyChange?: (dirty: boolean) => void;
  /** Ask before leaving a changed form by navigation or unload (routed pages; the app's data router blocks). */
  readonly warnWhenUnsavedChanges?: boolean;
};

const MAIN_SECTION = '';
/** Two columns of short fields on a desktop screen; one column on a phone. */
const FORM_MAX_WIDTH = 1120;
/** Kinds whose input needs a whole row: long text, editors, image pickers, JSON, lists. */

/** The fields of a form (or tab) in a responsive grid: short fields side by side, long ones across. */
export const FieldGrid = ({ children }: { readonly children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3, width: '100%' }}>{children}</Box>
);

const DirtyProbe = ({ onDirtyChange }: { readonly onDirtyChange: (dirty: boolean) => void }) => {
  const { isDirty } = useFormState();
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  return null;
};

/** Form fields in declaration order, grouped by section; fields without one come first. */
const sectionsOf = (entity: Entity): [string, [string, FieldDecl][]][] => {
  const groups = new Map<string, [string, FieldDecl][]>([[MAIN_SECTION, []]]);
  for (const entry of Object.entries(entity.fields)) {
    // A reference's name is shown by the reference's own (read-only or picker) input.
    if (entry[1].detailOnly || entry[1].nameOf) continue;
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

/**
 * A record read again while its form is open (a refetch on focus, a list's copy replaced by the
 * server's) resets the form to it, but keeps what the user has typed: a value typed before the
 * fresh copy arrived is never lost. One object, so the reset runs only when the record changes.
 */
const KEEP_TYPED = { keepDirtyValues: true } as const;

/**
 * The props every entity form passes to react-admin's form: the declaration's validation and
 * defaults, submit-time checking, no browser bubbles, and the unsaved-changes question. A view that
 * lays out its own form (./blocks.ts) spreads these too, so its rules stay the engine's.
 */
export const useEntityFormProps = (entity: Entity, mode: Mode, { pinned, warnWhenUnsavedChanges = false }: {
  readonly pinned?: Readonly<Record<string, unknown>>; readonly warnWhenUnsavedChanges?: boolean;
} = {}) => {
  const validate = useFormValidator(entity, mode);
  return {
    validate,
    sx: { maxWidth: FORM_MAX_WIDTH },
    // Problems are shown by our own translated messages, never the browser's bubbles in its own language.
    noValidate: true,
    warnWhenUnsavedChanges,
    defaultValues: mode === 'create' ? createDefaults(entity, pinned) : undefined,
    // The server's rules run on submit and again on change once a field has shown an error.
    mode: 'onSubmit' as const,
    reValidateMode: 'onChange' as const,
    resetOptions: KEEP_TYPED,
  };
};

/** One field's input in a form grid: the screen's own input or the kind's, a whole row for wide kinds. */
export const FormFieldCell = ({ entity, options, mode, name, decl }: {
  readonly entity: Entity; readonly options: EntityScreenOptions; readonly mode: Mode; readonly name: string; readonly decl: FieldDecl;
}) => {
  const Custom = options.inputs?.[name];
  return (
    <Box sx={{ gridColumn: KIND_UI[decl.kind].wide || Custom ? '1 / -1' : undefined, minWidth: 0 }}>
      {Custom
        ? <Custom entity={entity} name={name} decl={decl} mode={mode} />
        : <EntityFieldInput entity={entity} name={name} decl={decl} mode={mode} />}
    </Box>
  );
};

export const EntityForm = ({ entity: declared, options, mode, pinned, toolbar, onDirtyChange, warnWhenUnsavedChanges = false }: EntityFormProps) => {
  // A `createMany` entity's create form picks several targets at once (src/schema/engine/createMany.ts).
  const entity = mode === 'create' ? createFormOf(declared) : declared;
  const record = useRecordContext<RaRecord>();
  const baseProps = useEntityFormProps(entity, mode, { pinned, warnWhenUnsavedChanges });
  if (mode === 'edit' && !record) return <Loading />;

  const inputOf = ([name, decl]: [string, FieldDecl]): ReactNode => (
    <FormFieldCell key={name} entity={entity} options={options} mode={mode} name={name} decl={decl} />
  );
  const probe = onDirtyChange ? <DirtyProbe onDirtyChange={onDirtyChange} /> : null;
  const sections = sectionsOf(entity);
  const formProps = { ...baseProps, toolbar };

  if (sections.length <= 1) return <SimpleForm {...formProps}>{probe}<FieldGrid>{sections[0]?.[1].map(inputOf)}</FieldGrid></SimpleForm>;
  // The chosen tab lives in the form, not the URL: the routed pages sit at the route table's exact paths
  // (`/shop/updateShop?id=1`, no `/*`), where tab sub-routes would match nothing and show no fields.
  // The tabs scroll sideways where they do not fit (a phone), never cut their labels.
  return (
    <TabbedForm {...formProps} syncWithLocation={false} tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}>
      {sections.map(([section, fields], index) => (
        <TabbedForm.Tab key={section || 'main'} label={section ? sectionLabelKey(entity, section) : 'entity.main_section'}>
          {index === 0 && probe}
          <FieldGrid>{fields.map(inputOf)}</FieldGrid>
        </TabbedForm.Tab>
      ))}
    </TabbedForm>
  );
};

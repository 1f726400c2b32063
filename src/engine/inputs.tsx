/**
 * The form inputs the field kinds use (create and edit forms, dialogs included); which kind takes
 * which input is said once, in ./kinds.tsx, with `EntityFieldInput`.
 */
import {
  PasswordInput, ReferenceArrayInput, ReferenceInput, useRecordContext, useTranslate,
} from 'react-admin';
import { secretSetName } from '../schema/engine/entity';
import { findEntity } from '../schema/entities';
import { useSameAsFilter } from './actionTarget';
import { LIST_ALL_QUERY, listAllSearch, referenceSearch } from './lookups';
import { ReferenceAutocomplete, ReferenceAutocompleteArray, ReferenceSelect } from './referencePickers';
import { lazyNow } from './lazyNow';
import { fieldLabelKey } from './labels';
import type { FieldInputProps } from './screenOptions';

// The editor (tiptap + ProseMirror, ~130 KB gzip) loads only with a form that has rich text.
export const LazyRichTextInput = lazyNow(() => import('./RichTextInput').then((m) => m.RichTextInput));
// The image picker (checks, decoding, progress upload) loads only with a form that has an image: no list draws it.
const LazyImageUploadInput = lazyNow(() => import('./ImageUpload').then((m) => m.ImageUploadInput));

export const fromFlag = (value: unknown): boolean => Number(value) === 1;
export const toFlag = (checked: unknown): 0 | 1 => (checked ? 1 : 0);
export const formatJson = (value: unknown): string => (value === null || value === undefined ? '' : JSON.stringify(value));
export const parseJson = (text: string): unknown => {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Left as text: the declared schema then reports the wrong type under the field.
    return text;
  }
};

/** `image` and `images` fields: checked in the browser, uploaded at once with progress (./ImageUpload.tsx). */
export const ImagePicker = ({ entity, name, decl, disabled }: FieldInputProps & { readonly disabled: boolean }) => (
  <LazyImageUploadInput
    source={name}
    label={fieldLabelKey(entity, name)}
    multiple={decl.kind === 'images'}
    maxCount={decl.maxCount}
    disabled={disabled}
    isRequired={Boolean(decl.required)}
  />
);

/**
 * A write-only secret (`secret`, `password`): a masked input that starts empty, because the value
 * is never read back, and on edit says whether one is stored (the record's `<field>Set`; a
 * required one always is); left empty it keeps the stored value. An entity may word the hint for a field
 * (`resources.<entity>.secrets.<field>.set|not_set`).
 */
export const SecretInput = ({ entity, name, decl, mode }: FieldInputProps) => {
  const translate = useTranslate();
  const record = useRecordContext();
  // A required secret is always stored (its record says nothing); nothing is stored before a create.
  const state = decl.required || record?.[secretSetName(name)] === true ? 'set' : 'not_set';
  return (
    <PasswordInput
      source={name}
      label={fieldLabelKey(entity, name)}
      isRequired={mode === 'create' && Boolean(decl.required)}
      helperText={mode === 'edit' ? translate(`resources.${entity.name}.secrets.${name}.${state}`, { _: translate(`entity.secret.${state}`) }) : undefined}
      autoComplete="new-password"
    />
  );
};

/** A reference: a plain select for a small table answered whole (`listAll`), else a searching picker. */
export const ReferenceFieldInput = ({ entity, name, decl, disabled }: FieldInputProps & { readonly disabled: boolean }) => {
  const target = decl.reference ? findEntity(decl.reference.entity) : undefined;
  const filter = useSameAsFilter(decl.sameAs);
  if (!decl.reference) return null;
  if (target?.listAll) {
    return (
      <ReferenceInput source={name} reference={decl.reference.entity} queryOptions={LIST_ALL_QUERY} filter={filter}>
        <ReferenceSelect
          label={fieldLabelKey(entity, name)}
          target={decl.reference.entity}
          display={decl.reference.display}
          disabled={disabled}
          isRequired={Boolean(decl.required)}
        />
      </ReferenceInput>
    );
  }
  return (
    <ReferenceInput source={name} reference={decl.reference.entity} filter={filter}>
      <ReferenceAutocomplete
        label={fieldLabelKey(entity, name)}
        target={decl.reference.entity}
        display={decl.reference.display}
        filterToQuery={referenceSearch(target)}
        disabled={disabled}
        isRequired={Boolean(decl.required)}
      />
    </ReferenceInput>
  );
};

/** A list of references, picked with a searching multi-select. */
export const ReferencesFieldInput = ({ entity, name, decl, disabled }: FieldInputProps & { readonly disabled: boolean }) => {
  if (!decl.reference) return null;
  const target = findEntity(decl.reference.entity);
  return (
    // A stored many-to-many's condition (`relation.where`) limits the choice where the target's list can filter on it.
    <ReferenceArrayInput
      source={name}
      reference={decl.reference.entity}
      filter={decl.relation?.where}
      queryOptions={target?.listAll ? LIST_ALL_QUERY : undefined}
    >
      <ReferenceAutocompleteArray
        label={fieldLabelKey(entity, name)}
        target={decl.reference.entity}
        display={decl.reference.display}
        filterToQuery={target?.listAll ? listAllSearch : referenceSearch(target)}
        disabled={disabled}
        isRequired={Boolean(decl.required)}
      />
    </ReferenceArrayInput>
  );
};

/**
 * The pickers of a reference field (forms and filters): the referenced records read as the lists
 * show them, so a built-in record (a seeded resource category, …) is offered by its translation.
 */
import type { ReactElement } from 'react';
import type { AutocompleteArrayInputProps, AutocompleteInputProps, RaRecord, SelectInputProps } from 'react-admin';
import { AutocompleteArrayInput, AutocompleteInput, SelectInput, useTranslate } from 'react-admin';
import { builtinText, isBuiltinField } from '../i18n/builtins';

type Target = { readonly target: string; readonly display: string };

const useOptionText = ({ target, display }: Target): string | ((record: RaRecord) => string) => {
  const translate = useTranslate();
  return isBuiltinField(target, display) ? (record: RaRecord) => builtinText(translate, target, record, display) : display;
};

export const ReferenceSelect = ({ target, display, ...props }: SelectInputProps & Target): ReactElement => {
  const optionText = useOptionText({ target, display });
  return <SelectInput {...props} optionText={optionText} />;
};

export const ReferenceAutocomplete = ({ target, display, ...props }: AutocompleteInputProps & Target): ReactElement => {
  const optionText = useOptionText({ target, display });
  return <AutocompleteInput {...props} optionText={optionText} />;
};

export const ReferenceAutocompleteArray = ({ target, display, ...props }: AutocompleteArrayInputProps & Target): ReactElement => {
  const optionText = useOptionText({ target, display });
  return <AutocompleteArrayInput {...props} optionText={optionText} />;
};

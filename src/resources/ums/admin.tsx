/**
 * Admin accounts (`/ums/admin`): the engine's list of the `adminAccount` declaration (keyword
 * search, enable switch, create and edit dialogs) plus a password input that may stay empty on
 * edit, the roles of a new account, and a row dialog that replaces an account's roles.
 */
import { CheckboxGroupInput, PasswordInput, useGetList } from 'react-admin';
import type { Entity } from '../../schema/entity';
import { role } from '../../schema/ums';
import { fieldLabelKey } from '../../engine/labels';
import { RowDeleteButton } from '../../engine/RowDeleteButton';
import type { EntityScreenOptions, FieldInputProps } from '../../engine/screenOptions';
import { AssignRolesButton } from './AssignRolesDialog';
import { allRowsOf } from './lookups';


const AdminPasswordInput = ({ entity, name, mode }: FieldInputProps) => (
  <PasswordInput
    source={name}
    label={fieldLabelKey(entity, name)}
    isRequired={mode === 'create'}
    // The stored password is never read back; an empty field keeps it.
    helperText={mode === 'edit' ? 'entity.ums.password_keep' : undefined}
    autoComplete="new-password"
  />
);

/** The roles a new account starts with (later changes go through the "assign roles" dialog). */
const NewAdminRolesInput = ({ entity, name, mode }: FieldInputProps) => {
  const { data = [], isPending } = useGetList(role.name, allRowsOf(role), { enabled: mode === 'create' });
  if (mode !== 'create') return null;
  return (
    <CheckboxGroupInput
      source={name}
      label={fieldLabelKey(entity, name)}
      choices={data}
      optionText={role.display}
      isPending={isPending}
      row
    />
  );
};

const AdminRowActions = ({ entity }: { readonly entity: Entity }) => (
  <>
    <AssignRolesButton />
    <RowDeleteButton entity={entity} />
  </>
);

export const adminScreen: EntityScreenOptions = {
  inputs: { password: AdminPasswordInput, roleIds: NewAdminRolesInput },
  rowActions: AdminRowActions,
};

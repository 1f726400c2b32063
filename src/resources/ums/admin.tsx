/**
 * Admin accounts (`/ums/admin`): the engine's list of the `adminAccount` declaration (keyword
 * search, enable switch, create and edit dialogs, the password's masked input that may stay empty
 * on edit) plus the roles of a new account, each account's roles as chips, and a row dialog that
 * replaces an account's roles.
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RaRecord } from 'react-admin';
import { CheckboxGroupInput, Labeled, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { builtinText } from '../../i18n/builtins';
import type { Entity, RecordOf } from '../../schema/engine/entity';
import { role } from '../../schema/ums/entities';
import type { adminAccount } from '../../schema/ums/admin';
import { fieldLabelKey } from '../../engine/labels';
import { RowDeleteButton } from '../../engine/RowDeleteButton';
import type { FieldInputProps, ScreenOptionsOf } from '../../engine/screenOptions';
import { AssignRolesButton } from './AssignRolesDialog';
import { allRowsOf } from './lookups';


/**
 * The roles a new account starts with, at least one (the declaration requires them, so the form
 * says so under the boxes before anything is sent); later changes go through the "assign roles" dialog.
 */
const NewAdminRolesInput = ({ entity, name, decl, mode }: FieldInputProps) => {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList(role.name, allRowsOf(role), { enabled: mode === 'create' });
  if (mode !== 'create') return null;
  return (
    <CheckboxGroupInput
      source={name}
      label={fieldLabelKey(entity, name)}
      choices={data}
      optionText={(r: RaRecord) => builtinText(translate, role.name, r, role.display)}
      isPending={isPending}
      isRequired={Boolean(decl.required)}
      row
    />
  );
};

/** One of an account's roles as its `roles` field declares them. */
type HeldRole = NonNullable<RecordOf<typeof adminAccount>['roles']>[number];

/** The account's roles by name (`roles` of the list and record answers). */
const RoleChips = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const roles: unknown = record?.roles;
  if (!Array.isArray(roles) || roles.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {(roles as HeldRole[]).map((r) => <Chip key={r.id} size="small" label={builtinText(translate, role.name, r, 'name')} />)}
    </Stack>
  );
};

/**
 * Read-only on edit (the "assign roles" dialog changes them); a new account picks `roleIds` instead.
 * An account without any (imported from `mall`) cannot be saved as it is: the form says what to do first.
 */
const HeldRolesInput = ({ entity, name, mode }: FieldInputProps) => {
  const translate = useTranslate();
  const record = useRecordContext();
  if (mode !== 'edit') return null;
  const held: unknown = record?.roles;
  return (
    <Labeled source={name} label={fieldLabelKey(entity, name)}>
      {Array.isArray(held) && held.length > 0
        ? <RoleChips />
        : <Typography color="error" variant="body2">{translate('entity.ums.account_without_role')}</Typography>}
    </Labeled>
  );
};

const AdminRowActions = ({ entity }: { readonly entity: Entity }) => (
  <>
    <AssignRolesButton />
    <RowDeleteButton entity={entity} />
  </>
);

export const adminScreen: ScreenOptionsOf<typeof adminAccount> = {
  inputs: { roleIds: NewAdminRolesInput, roles: HeldRolesInput },
  cells: { roles: RoleChips },
  rowActions: AdminRowActions,
};

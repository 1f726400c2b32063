/**
 * Menus (`/ums/menu`), as `mall` shows them: a tree (the engine's list per parent, from the
 * declaration), a hidden switch (`/menu/updateHidden/{id}`), and add/edit at
 * `/ums/addMenu` and `/ums/updateMenu?id=`. A menu's name must be a route of the admin, so it is
 * picked from the route table; its icon from the icons the admin can draw.
 */
import type { menu } from '../../schema/ums/entities';
import Stack from '@mui/material/Stack';
import { AutocompleteInput, SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { ICONS } from '../../layout/icons';
import type { Entity } from '../../schema/engine/entity';
import { SECTIONS } from '../../schema/routes';
import { fieldLabelKey } from '../../engine/labels';
import { RowDeleteButton } from '../../engine/RowDeleteButton';
import type { FieldInputProps, ScreenOptionsOf } from '../../engine/screenOptions';

/** Rows may be deleted one by one (the tree's own buttons come first: src/engine/tree.tsx). */
const MenuRowActions = ({ entity }: { readonly entity: Entity }) => <RowDeleteButton entity={entity} />;

/** Every route and section name of the admin, with its title, for the menu's `name`. */
const ROUTE_NAMES = SECTIONS.flatMap((section) => [section.name, ...section.children.map((c) => c.name)]);

const RouteNameInput = ({ entity, name, decl }: FieldInputProps) => {
  const translate = useTranslate();
  const choices = ROUTE_NAMES.map((routeName) => ({ id: routeName, name: `${routeName} · ${translate(`menu.${routeName}`, { _: routeName })}` }));
  return <AutocompleteInput source={name} label={fieldLabelKey(entity, name)} choices={choices} translateChoice={false} isRequired={Boolean(decl.required)} />;
};

const IconChoice = () => {
  const record = useRecordContext<{ id: string; name: string }>();
  if (!record) return null;
  const Icon = ICONS[record.id as keyof typeof ICONS];
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {Icon && <Icon fontSize="small" />}
      <span>{record.name}</span>
    </Stack>
  );
};

const ICON_CHOICES = Object.keys(ICONS).map((icon) => ({ id: icon, name: icon }));

const IconInput = ({ entity, name }: FieldInputProps) => (
  <SelectInput source={name} label={fieldLabelKey(entity, name)} choices={ICON_CHOICES} optionText={<IconChoice />} translateChoice={false} />
);

export const menuScreen: ScreenOptionsOf<typeof menu> = {
  rowActions: MenuRowActions,
  inputs: { name: RouteNameInput, icon: IconInput },
};

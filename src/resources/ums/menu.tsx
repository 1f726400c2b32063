/**
 * Menus (`/ums/menu`), as `mall` shows them: a list per parent (level 1 at `/ums/menu`, a menu's
 * children at `?parentId=<id>`), a hidden switch (`/menu/updateHidden/{id}`), and add/edit at
 * `/ums/addMenu` and `/ums/updateMenu?id=`. A menu's name must be a route of the admin, so it is
 * picked from the route table; its icon from the icons the admin can draw.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AutocompleteInput, SelectInput, useGetList, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { ICONS } from '../../layout/icons';
import type { Entity } from '../../schema/entity';
import { SECTIONS } from '../../schema/routes';
import { menu } from '../../schema/ums';
import { fieldLabelKey } from '../../engine/labels';
import { LinkButton } from '../../engine/LinkButton';
import { RowDeleteButton } from '../../engine/RowDeleteButton';
import { routePath, withQuery } from '../../engine/routing';
import type { EntityScreenOptions, FieldInputProps } from '../../engine/screenOptions';

const TOP_PARENT = 0;
const TOP_LEVEL = 0;
const LOOKUP = { page: 1, perPage: 200 } as const;

const listPath = () => routePath(menu.menu.route);

/** Level-1 rows open their children: the same list pinned to that parent. */
const MenuRowActions = ({ entity }: { readonly entity: Entity }) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      {record.level === TOP_LEVEL && <LinkButton label="entity.ums.next_level" to={withQuery(listPath(), { parentId: record.id })} />}
      <RowDeleteButton entity={entity} />
    </>
  );
};

/** Above a child list: its parent's title and the way back. */
const ParentHeader = ({ pinned }: { readonly entity: Entity; readonly pinned: Readonly<Record<string, number | string>> }) => {
  const parentId = Number(pinned.parentId ?? TOP_PARENT);
  const { data } = useGetOne(menu.name, { id: parentId }, { enabled: parentId !== TOP_PARENT });
  if (parentId === TOP_PARENT) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
      <LinkButton label="entity.ums.back_to_level1" to={listPath()} />
      {data && <Typography variant="subtitle1" component="p">{String(data[menu.display] ?? '')}</Typography>}
    </Stack>
  );
};

/** The parent of a menu: none (level 1) or one of the level-1 menus (never itself). */
const ParentMenuInput = ({ entity, name }: FieldInputProps) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const { data = [], isPending } = useGetList(menu.name, { filter: { parentId: TOP_PARENT }, pagination: LOOKUP, sort: menu.defaultSort });
  const choices = [
    { id: TOP_PARENT, name: translate('entity.ums.top_level') },
    ...data.filter((m) => m.id !== record?.id).map((m) => ({ id: m.id, name: String(m[menu.display] ?? m.id) })),
  ];
  return <SelectInput source={name} label={fieldLabelKey(entity, name)} choices={choices} translateChoice={false} isPending={isPending} emptyValue={TOP_PARENT} />;
};

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

export const menuScreen: EntityScreenOptions = {
  routeQuery: [{ param: 'parentId', field: 'parentId', default: TOP_PARENT }],
  rowActions: MenuRowActions,
  listHeader: ParentHeader,
  inputs: { parentId: ParentMenuInput, name: RouteNameInput, icon: IconInput },
};

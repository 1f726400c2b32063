/**
 * The screens of an entity declared as a tree (`tree` in src/schema/engine/entity.ts), once for all of
 * them: the list is per parent (`?parentId=` pins it, the top level by default), a row opens its
 * children, a child list names its parent and leads back up, and the parent input offers the top
 * level and its records. An area's own options come on top (its row buttons after the tree's).
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { SelectInput, useGetList, useGetOne, useGetResourceLabel, useRecordContext, useTranslate } from 'react-admin';
import { builtinText } from '../i18n/builtins';
import type { Entity, TreeDecl } from '../schema/engine/entity';
import { filterOf } from '../schema/engine/entity';
import { PAGE_SIZE } from '../schema/rules';
import { fieldLabelKey, inSentence } from './labels';
import { LinkButton } from './LinkButton';
import { routePath, withQuery } from './routing';
import type { EntityScreenOptions, FieldInputProps } from './screenOptions';

const LOOKUP = { page: 1, perPage: PAGE_SIZE.max } as const;

const rootOf = (tree: TreeDecl): number => tree.root ?? 0;

/** The list parameter the parent pins (`parentId`), read from the parent field's filter. */
const parentParam = (entity: Entity, tree: TreeDecl): string => {
  const decl = entity.fields[tree.parent];
  return (decl && filterOf(tree.parent, decl)?.param) ?? tree.parent;
};

const listAt = (entity: Entity, tree: TreeDecl, parentId: unknown): string => {
  const list = routePath(entity.menu.route);
  return parentId === undefined || Number(parentId) === rootOf(tree) ? list : withQuery(list, { [parentParam(entity, tree)]: Number(parentId) });
};

/** A row whose children may exist (above the last level) opens them. */
const NextLevel = ({ entity }: { readonly entity: Entity }) => {
  const record = useRecordContext();
  const tree = entity.tree!;
  if (!record) return null;
  if (tree.levels !== undefined && Number(record[tree.level]) >= tree.levels - 1) return null;
  return <LinkButton label="entity.tree.next_level" to={listAt(entity, tree, record.id)} />;
};

/** Above a child list: its parent's name and the way back up (to the top, or to the grandparent's children). */
const ParentHeader = ({ entity, pinned }: { readonly entity: Entity; readonly pinned: Readonly<Record<string, number | string>> }) => {
  const translate = useTranslate();
  const tree = entity.tree!;
  const parentId = Number(pinned[tree.parent] ?? rootOf(tree));
  const atTop = parentId === rootOf(tree);
  const { data } = useGetOne(entity.name, { id: parentId }, { enabled: !atTop });
  if (atTop) return null;
  const grandparent = data ? Number(data[tree.parent]) : rootOf(tree);
  const toTop = grandparent === rootOf(tree);
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
      <LinkButton label={toTop ? 'entity.tree.back_to_top' : 'entity.tree.back_up'} to={listAt(entity, tree, grandparent)} />
      {data && <Typography variant="subtitle1" component="p">{builtinText(translate, entity.name, data, entity.display)}</Typography>}
    </Stack>
  );
};

/** The parent of a record: none (the top level) or a top-level record (never itself). */
const ParentInput = ({ entity, name }: FieldInputProps) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const getResourceLabel = useGetResourceLabel();
  const tree = entity.tree!;
  const { data = [], isPending } = useGetList(entity.name, { filter: { [tree.parent]: rootOf(tree) }, pagination: LOOKUP, sort: entity.defaultSort });
  const thing = inSentence(getResourceLabel(entity.name, 1));
  const choices = [
    { id: rootOf(tree), name: translate('entity.tree.top_level', { name: thing }) },
    ...data.filter((r) => r.id !== record?.id).map((r) => ({ id: r.id, name: builtinText(translate, entity.name, r, entity.display) || String(r.id) })),
  ];
  return <SelectInput source={name} label={fieldLabelKey(entity, name)} choices={choices} translateChoice={false} isPending={isPending} emptyValue={rootOf(tree)} />;
};

const withNextLevel = (Area: ComponentType<{ readonly entity: Entity }> | undefined) => {
  const RowActions = ({ entity }: { readonly entity: Entity }) => (
    <>
      <NextLevel entity={entity} />
      {Area && <Area entity={entity} />}
    </>
  );
  return RowActions;
};

const withParentHeader = (Area: EntityScreenOptions['listHeader']) => {
  const Header: NonNullable<EntityScreenOptions['listHeader']> = (props) => (
    <>
      <ParentHeader {...props} />
      {Area && <Area {...props} />}
    </>
  );
  return Header;
};

/** The area's options with the tree's screens added, for an entity that declares a tree. */
export const withTreeScreens = (entity: Entity, options: EntityScreenOptions): EntityScreenOptions => {
  const tree = entity.tree;
  if (!tree) return options;
  return {
    ...options,
    routeQuery: [{ param: parentParam(entity, tree), field: tree.parent, default: rootOf(tree) }, ...(options.routeQuery ?? [])],
    rowActions: withNextLevel(options.rowActions),
    listHeader: withParentHeader(options.listHeader),
    inputs: { [tree.parent]: ParentInput, ...options.inputs },
  };
};

/**
 * The recycle bin of an entity that declares `softDelete` (src/schema/engine/recycleBin.ts) in its
 * generated list: a toolbar button switching between the live records and the bin (the list's
 * `?deleteStatus=1` filter, kept in the URL like every filter), and in the bin, restore and
 * delete-for-good buttons on each row and on the selection. Each says it worked only after the
 * server agreed, and is hidden from users who may not call it.
 */
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweepOutlined';
import ListIcon from '@mui/icons-material/List';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import Chip from '@mui/material/Chip';
import { useMutation } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useState } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import { Button, Confirm, useCanAccess, useDataProvider, useListContext, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Entity } from '../schema/engine/entity';
import type { BinOperation } from '../schema/engine/recycleBin';
import { IN_BIN, recycleBinOf } from '../schema/engine/recycleBin';
import { useDoneFeedback } from './feedback';
import { RowButton } from './RowButton';
import { RowDeleteButton } from './RowDeleteButton';

/** Whether a record is in its entity's recycle bin. */
export const isInBin = (entity: Entity, record: RaRecord | undefined): boolean => {
  const bin = recycleBinOf(entity);
  return bin !== null && record !== undefined && Number(record[bin.field]) === IN_BIN;
};

/** Whether the list in context shows the recycle bin. */
export const useInRecycleBin = (entity: Entity): boolean => {
  const { filterValues } = useListContext();
  const bin = recycleBinOf(entity);
  return bin !== null && Number(filterValues?.[bin.param]) === IN_BIN;
};

/** The toolbar's way into the bin and back, with a label saying which records the list shows. */
export const RecycleBinToggle = ({ entity }: { readonly entity: Entity }) => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters, onUnselectItems } = useListContext();
  const inBin = useInRecycleBin(entity);
  const bin = recycleBinOf(entity);
  if (!bin) return null;
  const toggle = () => {
    const { [bin.param]: _shown, ...others } = filterValues ?? {};
    onUnselectItems();
    setFilters(inBin ? others : { ...others, [bin.param]: IN_BIN }, displayedFilters);
  };
  return (
    <>
      {inBin && <Chip color="warning" variant="outlined" size="small" label={translate('entity.bin.showing')} sx={{ alignSelf: 'center' }} />}
      <Button label={inBin ? 'entity.bin.close' : 'entity.bin.open'} onClick={toggle}>
        {inBin ? <ListIcon /> : <DeleteSweepIcon />}
      </Button>
    </>
  );
};

type RecycleBinDataProvider = Record<`${BinOperation}Many`, (resource: string, params: { ids: readonly Identifier[] }) => Promise<unknown>>;

/** Restores or purges records; after success the list reloads and `onDone` runs (selection cleared). */
const useBinOperation = (entity: Entity, operation: BinOperation, onDone: () => void) => {
  const dataProvider = useDataProvider() as unknown as RecycleBinDataProvider;
  const refresh = useRefresh();
  const done = useDoneFeedback();
  return useMutation({
    mutationFn: (ids: readonly Identifier[]) => dataProvider[`${operation}Many`](entity.name, { ids }),
    onSuccess: () => {
      done(operation === 'restore' ? 'restored' : 'purged');
      onDone();
      refresh();
    },
    // A refusal is told by the one error toast of `httpClient`; the list shows what is there now.
    onError: () => {
      onDone();
      refresh();
    },
  });
};

/** Restore: no confirmation (nothing is lost). Delete for good: after a confirmation naming what goes. */
const BinButtons = ({ entity, ids, name, onDone }: {
  readonly entity: Entity; readonly ids: readonly Identifier[]; readonly name?: string; readonly onDone: () => void;
}) => {
  const [confirming, setConfirming] = useState(false);
  const restore = useBinOperation(entity, 'restore', onDone);
  const purge = useBinOperation(entity, 'purge', () => {
    setConfirming(false);
    onDone();
  });
  const { canAccess: canRestore } = useCanAccess({ resource: entity.name, action: 'restore' });
  const { canAccess: canPurge } = useCanAccess({ resource: entity.name, action: 'purge' });
  const single = name !== undefined;
  return (
    <>
      {canRestore && (
        <RowButton label="entity.bin.restore" disabled={restore.isPending} onClick={() => restore.mutate(ids)}>
          <RestoreIcon />
        </RowButton>
      )}
      {canPurge && (
        <>
          <RowButton label="entity.bin.purge" color="error" onClick={() => setConfirming(true)}>
            <DeleteForeverIcon />
          </RowButton>
          <Confirm
            isOpen={confirming}
            loading={purge.isPending}
            title={single ? 'entity.bin.confirm_purge.title' : 'entity.bin.confirm_bulk_purge.title'}
            content={single ? 'entity.bin.confirm_purge.content' : 'entity.bin.confirm_bulk_purge.content'}
            titleTranslateOptions={{ name }}
            contentTranslateOptions={{ smart_count: ids.length }}
            onConfirm={() => purge.mutate(ids)}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </>
  );
};

/** The selection's buttons in the bin view. */
export const RecycleBinBulkActions = ({ entity }: { readonly entity: Entity }) => {
  const { selectedIds, onUnselectItems } = useListContext();
  return <BinButtons entity={entity} ids={selectedIds} onDone={() => onUnselectItems(true)} />;
};

const RecordBinButtons = ({ entity }: { readonly entity: Entity }) => {
  const record = useRecordContext();
  if (!record) return null;
  return <BinButtons entity={entity} ids={[record.id]} name={String(record[entity.display] ?? record.id)} onDone={() => undefined} />;
};

type RowActions = ComponentType<{ readonly entity: Entity }>;

const cache = new WeakMap<Entity, Map<RowActions | undefined, RowActions>>();

/**
 * A list's row actions with the recycle bin's: a record in the bin gets restore and delete for
 * good, a live one the screen's own actions, or else a delete (which moves it into the bin).
 * Entities without a bin keep theirs. One component per entity and actions, so rows keep it.
 */
export const withRecycleBinActions = (entity: Entity, actions: RowActions | undefined): RowActions | undefined => {
  if (!recycleBinOf(entity)) return actions;
  let byActions = cache.get(entity);
  if (!byActions) cache.set(entity, byActions = new Map());
  let component = byActions.get(actions);
  if (!component) {
    const Live = actions ?? RowDeleteButton;
    component = Object.assign(({ entity: shown }: { readonly entity: Entity }) => {
      const record = useRecordContext();
      return isInBin(shown, record) ? <RecordBinButtons entity={shown} /> : <Live entity={shown} />;
    }, { displayName: `${entity.name}RowActions` });
    byActions.set(actions, component);
  }
  return component;
};

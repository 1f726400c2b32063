/**
 * The audit log (`/ums/auditLog`): the engine's read-only list with its filters; a row opens the
 * entry's page (a show view of its own, `#show=<id>`, built from the engine's blocks) with its
 * before/after side by side, changed keys marked. The server stores
 * stable codes (`alloc_resource`, `ums_role`, an admin id); people read names in their language.
 */
import type { auditLog } from '../../schema/ums/entities';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useCanAccess, useGetManyAggregate, useRecordContext, useTranslate } from 'react-admin';
import type { Entity } from '../../schema/engine/entity';
import { entityList } from '../../schema/entities';
import type { ScreenOptionsOf, ShowViewProps } from '../../engine/blocks';
import { BackToListButton, fieldDisplay, fieldLabelKey, FieldValue, ShowHeading, ShowLayout, ShowRecord } from '../../engine/blocks';
import { SET_FIELD_PREFIX } from '../../schema/engine/audit';
import { recordName } from '../../engine/recordName';
import { builtinText } from '../../i18n/builtins';
import { auditActionName } from './auditActions';
import { changedKeys, jsonLines, parseJson } from './jsonDiff';

const entityOfTable = (table: string): Entity | undefined => entityList.find((e) => e.table === table);

/**
 * `create`, `alloc_resource`… by name (a declared action as its button reads, ./auditActions.ts);
 * `set_showStatus` names the field it set. A code no name is known for shows as stored.
 */
const ActionCell = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const action = String(record?.action ?? '');
  if (!action) return null;
  const name = auditActionName(entityList, String(record?.entity ?? ''), action);
  if (!name) return <>{action}</>;
  const field = action.slice(SET_FIELD_PREFIX.length);
  const options = name.fieldKey ? { field: translate(name.fieldKey, { _: field }) } : action.startsWith(SET_FIELD_PREFIX) ? { field } : {};
  return <>{translate(name.key, { ...options, _: action })}</>;
};

/** Who did it: the account's name (the engine's reference display), or "System" for a row a job or the seed wrote. */
const AdminCell = ({ entity, name }: { readonly entity: Entity; readonly name: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const decl = entity.fields[name];
  const adminId = record?.[name];
  if (adminId === null || adminId === undefined || adminId === 0) return <>{translate('entity.show.system_operator')}</>;
  return decl ? fieldDisplay(entity, name, decl) : null;
};

/** The table an entry is about, as the name of its records ("Roles", "角色"). */
const EntityCell = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const table = String(record?.entity ?? '');
  if (!table) return null;
  const target = entityOfTable(table);
  return <>{target ? translate(`resources.${target.name}.name`, { smart_count: 1, _: table }) : translate(`entity.audit.tables.${table}`, { _: table })}</>;
};

/**
 * The record an entry is about, by its name ("Alpha (#12)"), read with the other rows' records of the
 * same kind in one request (react-admin's aggregated getMany); the bare number where the record is
 * gone, is no entity's (a relation table) or the reader may not list its kind.
 */
const RecordCell = ({ name }: { readonly entity: Entity; readonly name: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const target = entityOfTable(String(record?.entity ?? ''));
  const id = String(record?.[name] ?? '');
  const { canAccess } = useCanAccess({ resource: target?.name ?? 'auditLog', action: 'list' });
  const readable = Boolean(target) && canAccess === true && /^\d+$/.test(id);
  const { data } = useGetManyAggregate(target?.name ?? 'auditLog', { ids: [id] }, { enabled: readable });
  const found = readable ? data?.find((r) => String(r.id) === id) : undefined;
  if (!id) return null;
  const named = found && target ? (target.naming ? recordName(translate, target, found) : builtinText(translate, target.name, found, target.display)) : '';
  return <>{named && named !== id ? `${named} (#${id})` : `#${id}`}</>;
};

// Who did it is a reference: the engine shows the username the server joins in (`adminName`); none is the system.
const CELLS: Readonly<Record<string, ComponentType<{ readonly entity: Entity; readonly name: string }>>> = { action: ActionCell, entity: EntityCell, adminId: AdminCell, entityId: RecordCell };

const JSON_FIELDS = { before: 'beforeJson', after: 'afterJson' } as const;

const JsonPane = ({ title, value, changed }: { readonly title: string; readonly value: unknown; readonly changed: ReadonlySet<string> }) => {
  const translate = useTranslate();
  const lines = jsonLines(value);
  return (
    <Paper variant="outlined" sx={{ p: 1.5, height: '100%' }} role="region" aria-label={title}>
      <Typography variant="subtitle2" component="h3" gutterBottom>{title}</Typography>
      {lines.length === 0
        ? <Typography color="text.secondary" variant="body2">{translate('entity.ums.audit_empty')}</Typography>
        : (
          <Box component="pre" sx={{ m: 0, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {lines.map((line, i) => (
              <Box
                component="span"
                key={line.key ?? i}
                data-changed={line.key !== null && changed.has(line.key) ? 'true' : undefined}
                sx={{ display: 'block', bgcolor: line.key !== null && changed.has(line.key) ? 'warning.light' : undefined }}
              >
                {line.text}
              </Box>
            ))}
          </Box>
        )}
    </Paper>
  );
};

/** Everything of the entry but the JSON texts, read-only. */
const SUMMARY_FIELDS = ['createTime', 'adminId', 'action', 'entity', 'entityId', 'ip'] as const;

/** The entry's page (the engine's show view replaced): its summary, then before and after side by side. */
const AuditShowBody = ({ entity }: { readonly entity: Entity }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const before = parseJson(record?.[JSON_FIELDS.before]).value;
  const after = parseJson(record?.[JSON_FIELDS.after]).value;
  const changed = changedKeys(before, after);
  return (
    <>
      <Box sx={{ mb: 2 }}><BackToListButton /></Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 2 }}>
        {SUMMARY_FIELDS.filter((f) => entity.fields[f]).map((f) => <FieldValue key={f} entity={entity} name={f} cells={CELLS} />)}
      </Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <JsonPane title={translate(fieldLabelKey(entity, JSON_FIELDS.before))} value={before} changed={changed} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <JsonPane title={translate(fieldLabelKey(entity, JSON_FIELDS.after))} value={after} changed={changed} />
        </Grid>
      </Grid>
    </>
  );
};

const AuditShow = ({ entity, id }: ShowViewProps) => {
  const translate = useTranslate();
  return (
    <ShowRecord entity={entity} id={id}>
      <ShowHeading entity={entity} title={translate('entity.ums.audit_title', { id: String(id) })} />
      <ShowLayout>
        <AuditShowBody entity={entity} />
      </ShowLayout>
    </ShowRecord>
  );
};

export const auditLogScreen: ScreenOptionsOf<typeof auditLog> = {
  views: { show: AuditShow },
  cells: CELLS,
};

/**
 * The generic button of a declared action (src/schema/engine/entity.ts ActionDecl): on a list row (the
 * record in context), on the selected rows (bulk), or in the list's toolbar (the collection). An
 * action with parameters opens a small form built from the engine's field inputs (declared
 * kinds, rules and labels); one without asks to confirm. "Done" shows only after the server
 * agreed (and how many rows a transition skipped); refused parameters show under their inputs.
 * Hidden from users the server would refuse (`canAccess` with `action:<name>`,
 * src/schema/engine/actionPaths.ts), and a row's transitions from a row whose state does not allow them.
 */
import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ComponentType } from 'react';
import { useState } from 'react';
import type { Identifier } from 'react-admin';
import {
  Button, Confirm, Form, SaveButton, Toolbar, useDataProvider, useListContext, useNotify, useRecordContext, useRefresh, useTranslate,
} from 'react-admin';
import type { ActionOn, Entity } from '../schema/engine/entity';
import { actionParamsEntity, transitionAllows } from '../schema/engine/entity';
import { actionOperation } from '../schema/engine/actionPaths';
import { createSchema, validate as validateWith } from '../schema/validation';
import { ApiError } from '../providers/api';
import type { ActionRequest, EntityDataProvider } from '../providers/entityDataProvider';
import { submissionErrors } from '../providers/entityDataProvider';
import { ActionTargetContext } from './actionTarget';
import { apiValues, createDefaults, toFormErrors } from './formValidation';
import { EntityFieldInput } from './kinds';
import { RowButton } from './RowButton';
import { WithRowAccess } from './rowAccess';
import { actionLabelKey } from './labels';
import { useRecordName } from './recordName';
import type { FieldInputProps } from './screenOptions';

/**
 * The actions with a generic button at one placement, in declaration order (a dispatching route's
 * transitions have their own); on list rows (`inList`) not those whose button is for the show view only.
 */
export const buttonActions = (entity: Entity, on: ActionOn, inList = false): string[] =>
  Object.entries(entity.actions ?? {})
    .filter(([, decl]) => decl.on === on && decl.writes && decl.button !== false && !decl.dispatch && !(inList && decl.button === 'show'))
    .map(([name]) => name);

/** Inputs replacing the generic one of action parameters, by parameter name (a screen's `actionInputs`). */
type ActionInputs = Readonly<Record<string, ComponentType<FieldInputProps>>>;

/** The parameters form edits no record (the row's record stays the target, not the form's values). */
const NO_RECORD = {};

type Target = { readonly id?: Identifier; readonly ids?: readonly Identifier[]; readonly label?: string };
/**
 * What a screen gives a button beyond the target: `fixed` parameters are sent as they are and not
 * asked for (the product line a line's button changes), `initial` ones start the form.
 */
type Given = {
  readonly fixed?: Readonly<Record<string, unknown>>; readonly initial?: Readonly<Record<string, unknown>>;
  /**
   * A sentence the dialog shows above its form (already translated): what the screen knows the
   * server will say. With `blocks`, the dialog offers no way to send (the server would refuse).
   */
  readonly notice?: { readonly text: string; readonly blocks?: boolean };
};

/** The answer's plain fields (numbers, text) as a message's arguments. */
const answerArgs = (data: unknown): Record<string, string | number> => (data && typeof data === 'object'
  ? Object.fromEntries(Object.entries(data).filter((e): e is [string, string | number] => typeof e[1] === 'number' || typeof e[1] === 'string'))
  : {});

/** An action's own text beside its name (`done`, `confirm`). */
const actionTextKey = (entity: Entity, name: string, text: 'done' | 'confirm'): string => `resources.${entity.name}.actions.${name}.${text}`;

const useRun = (entity: Entity, name: string, target: Target, onDone: () => void) => {
  const dataProvider = useDataProvider<EntityDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [pending, setPending] = useState(false);
  /** Runs the action; answers the field errors of a refusal (other refusals got httpClient's toast). */
  const run = async (params: Record<string, unknown> = {}, fieldsShown?: readonly string[]): Promise<Record<string, string> | undefined> => {
    setPending(true);
    try {
      const request: ActionRequest = { name, id: target.id, ids: target.ids, params, ...(fieldsShown ? { fieldsShown } : {}) };
      const { data, skipped } = await dataProvider.action(entity.name, request);
      const label = translate(actionLabelKey(entity, name));
      // A transition on a selection leaves out the rows whose state does not allow it: say how many.
      if (skipped?.length) notify('entity.run.done_skipped', { type: 'warning', messageArgs: { name: label, smart_count: skipped.length } });
      // A declared done message says what happened, from the answer's own figures.
      else if (entity.actions?.[name]?.doneMessage) notify(actionTextKey(entity, name, 'done'), { type: 'success', messageArgs: { name: label, ...answerArgs(data) } });
      else notify('entity.run.done', { type: 'success', messageArgs: { name: label } });
      onDone();
      refresh();
      return undefined;
    } catch (error) {
      return error instanceof ApiError ? submissionErrors(error) : undefined;
    } finally {
      setPending(false);
    }
  };
  return { run, pending };
};

/** The parameters form: the declared inputs, the declared rules checked before sending, the server's errors under the inputs. */
const ParamsDialog = ({ entity, name, target, onClose, onDone, inputs = {}, fixed = {}, initial = {}, notice }: {
  readonly entity: Entity; readonly name: string; readonly target: Target; readonly onClose: () => void; readonly onDone: () => void;
  readonly inputs?: ActionInputs;
} & Given) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const params = actionParamsEntity(entity, name);
  const { run } = useRun(entity, name, target, onDone);
  // `prefill`: the form starts from the record's values of the parameters' names, or from what the declaration works out of the record.
  const prefill = entity.actions?.[name]?.prefill;
  const prefilled = prefill && record && target.id !== undefined
    ? typeof prefill === 'function'
      ? prefill(record)
      : Object.fromEntries(Object.keys(params.fields).flatMap((key) => (record[key] !== undefined && record[key] !== null ? [[key, record[key]]] : [])))
    : {};
  // The declared parameters only: the form must not pick up the row's record from the context.
  const paramValues = (values: Record<string, unknown>) => ({
    ...apiValues(params, Object.fromEntries(Object.keys(params.fields).flatMap((key) => (key in values && !(key in fixed) ? [[key, values[key]]] : [])))),
    ...fixed,
  });
  const validate = (values: Record<string, unknown>) => {
    const result = validateWith(createSchema(params), paramValues(values), params);
    return result.ok ? {} : toFormErrors(result.errors);
  };
  // The inputs the dialog shows a refusal under: a refusal of these only is read there, not again in a toast.
  const shownFields = Object.keys(params.fields).filter((key) => !(key in fixed));
  const titleId = `${entity.name}-${name}-title`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {translate(actionLabelKey(entity, name))}
        {target.label ? `: ${target.label}` : ''}
      </DialogTitle>
      <DialogContent>
        {notice && <Alert severity={notice.blocks ? 'warning' : 'info'} sx={{ mb: 2 }}>{notice.text}</Alert>}
        {/* The problems show under the inputs of this small form: no "form is not valid" toast on top. */}
        <Form record={NO_RECORD} defaultValues={createDefaults(params, { ...prefilled, ...initial })} validate={validate} noValidate mode="onSubmit" reValidateMode="onChange"
          disableInvalidFormNotification onSubmit={(values: Record<string, unknown>) => run(paramValues(values), shownFields)}>
          <ActionTargetContext.Provider value={target.id !== undefined ? record : undefined}>
            {Object.entries(params.fields).filter(([field]) => !(field in fixed)).map(([field, decl]) => {
              const Custom = inputs[field];
              return Custom
                ? <Custom key={field} entity={params} name={field} decl={decl} mode="create" />
                : <EntityFieldInput key={field} entity={params} name={field} decl={decl} mode="create" />;
            })}
          </ActionTargetContext.Provider>
          <Toolbar sx={{ px: 0 }}>
            {/* Named by what it does ("Close order"), never a bare "Run". */}
            <SaveButton label={actionLabelKey(entity, name)} icon={<PlayArrow />} alwaysEnable={!notice?.blocks} disabled={notice?.blocks} />
            <Button label="entity.action.cancel" onClick={onClose} sx={{ ml: 1 }} />
          </Toolbar>
        </Form>
      </DialogContent>
    </Dialog>
  );
};

const confirmContent = (on: ActionOn): string =>
  (on === 'row' ? 'entity.run.confirm_row' : on === 'selection' ? 'entity.run.confirm_selection' : 'entity.run.confirm_collection');

type TriggerProps = {
  readonly entity: Entity; readonly name: string; readonly target: Target; readonly onDone?: () => void; readonly inputs?: ActionInputs;
} & Given;

/**
 * One action on one target: the trigger, then the parameters form or the confirmation. Exported
 * (blocks.ts) for a view that places one button itself (a product line's own change). Shown to
 * users who may call it: in a list, from the list's one access answer (./rowAccess.tsx), since a
 * query per row is answered in a commit of its own per row.
 */
export const ActionTrigger = (props: TriggerProps) => (
  <WithRowAccess entity={props.entity} action={actionOperation(props.name)} render={(canAccess) => (canAccess ? <AllowedTrigger {...props} /> : null)} />
);

const AllowedTrigger = ({ entity, name, target, onDone, inputs, fixed, initial, notice }: TriggerProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const decl = entity.actions?.[name];
  const close = () => {
    setOpen(false);
    onDone?.();
  };
  const { run, pending } = useRun(entity, name, target, close);
  if (!decl) return null;
  const hasParams = Object.keys(decl.params ?? {}).length > 0;
  const label = translate(actionLabelKey(entity, name));
  return (
    <>
      <RowButton
        label={actionLabelKey(entity, name)}
        onClick={(event) => {
          // Inside a clickable list row: running an action must not also open the row.
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <PlayArrow />
      </RowButton>
      {open && hasParams && <ParamsDialog entity={entity} name={name} target={target} onClose={() => setOpen(false)} onDone={close} inputs={inputs} fixed={fixed} initial={initial} notice={notice} />}
      {!hasParams && (
        <Confirm
          isOpen={open}
          loading={pending}
          title="entity.run.confirm_title"
          titleTranslateOptions={{ name: label }}
          // The confirming button says what it does ("Confirm receipt"), not a bare "Confirm".
          confirm={actionLabelKey(entity, name)}
          content={decl.confirmMessage ? actionTextKey(entity, name, 'confirm') : confirmContent(decl.on)}
          contentTranslateOptions={{ record: target.label ?? '', smart_count: target.ids?.length ?? 1 }}
          // A refusal closes the confirmation too: httpClient's toast says why.
          onConfirm={() => { void run().then((errors) => { if (errors) setOpen(false); }); }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
};

/** The row buttons of the record in context: its transitions only when its state allows them (on a list row, not the show view's own). */
export const RowActionButtons = ({ entity, inList = false }: { readonly entity: Entity; readonly inList?: boolean }) => {
  const record = useRecordContext();
  const nameOf = useRecordName();
  if (!record) return null;
  // Named by what a person knows (an order number, a shop and amount), never a bare id.
  const target = { id: record.id, label: nameOf(entity, record) };
  return (
    <>
      {buttonActions(entity, 'row', inList).filter((name) => transitionAllows(entity, name, record))
        .map((name) => <ActionTrigger key={name} entity={entity} name={name} target={target} />)}
    </>
  );
};

/** The bulk buttons of the selected rows; the selection clears once an action is done. */
export const SelectionActionButtons = ({ entity, inputs }: { readonly entity: Entity; readonly inputs?: ActionInputs }) => {
  const { selectedIds, onUnselectItems } = useListContext();
  return (
    <>
      {buttonActions(entity, 'selection').map((name) => (
        <ActionTrigger key={name} entity={entity} name={name} target={{ ids: selectedIds }} onDone={() => onUnselectItems()} inputs={inputs} />
      ))}
    </>
  );
};

/** The toolbar buttons of the collection. */
export const CollectionActionButtons = ({ entity }: { readonly entity: Entity }) => (
  <Box component="span" sx={{ display: 'contents' }}>
    {buttonActions(entity, 'collection').map((name) => <ActionTrigger key={name} entity={entity} name={name} target={{}} />)}
  </Box>
);

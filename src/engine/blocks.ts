/**
 * The building blocks of the engine's views, in one place: an area that replaces a view
 * (`views` in its screen options, ./screenOptions.ts) builds it from these, so it keeps the
 * engine's inputs, displays, labels, permission checks and feedback without copying them.
 */
export type { EntityScreenOptions, EntityViews, FieldInputProps, ScreenOptionsOf, ShowViewProps, ViewProps } from './screenOptions';

// Headings and page frame.
export { ScreenHeading } from './ScreenHeading';
export { BackToListButton, ShowHeading, ShowLayout, ShowPanel, ShowRecord, useBackToList } from './EntityShow';

// Fields: inputs (forms), displays (read-only values, cells), labels.
export { ChildRowsField, EntityFieldInput, fieldDisplay } from './kinds';
export { ChildRowsInput } from './ChildRowsInput';
export { ReferenceNameField } from './fields';
export { actionLabelKey, enumLabelKey, fieldLabelKey, sectionLabelKey } from './labels';
export { FieldValue, ShowFields, ChildRowsPanel, HistoryTable, showSections } from './EntityShow';

// Lists: columns and cells, the generated list and its row buttons.
export { entityColumns } from './columns';
export { EntityList } from './EntityList';
export { ShowButton, useShowHref } from './EntityShow';

// Forms and pages.
export type { EntityFormProps } from './EntityForm';
export { EntityForm, FieldGrid, FormFieldCell, sectionsOf, useEntityFormProps } from './EntityForm';
export { EntityToolbar } from './EntityToolbar';
export { EntityCreate, EntityEdit } from './EntityPages';
export { EntityShow } from './EntityShow';

// Buttons: declared actions (transitions filtered by the record's state), edit, delete.
export { ActionTrigger, CollectionActionButtons, RowActionButtons, SelectionActionButtons } from './ActionButton';
export { EditRecordButton, ShowActions } from './EntityShow';
export { RecordDeleteButton } from './DeleteButtons';
export { RowDeleteButton } from './RowDeleteButton';
export { LinkButton } from './LinkButton';
export { RowButton } from './RowButton';

// Trees: both levels of a two-level tree, for a picker over them.
export { useTwoLevels } from './tree';

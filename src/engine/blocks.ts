/**
 * The building blocks of the engine's views, in one place: an area that replaces a view
 * (`views` in its screen options, ./screenOptions.ts) builds it from these, so it keeps the
 * engine's inputs, displays, labels, permission checks and feedback without copying them.
 */
export type { EntityScreenOptions, FieldInputProps, ScreenOptionsOf, ShowViewProps, ViewProps } from './screenOptions';

// Headings and the show view's frame.
export { BackToListButton, ShowHeading, ShowLayout, ShowPanel, ShowRecord } from './EntityShow';

// Fields: inputs (forms), displays (read-only values, cells), labels.
export { EntityFieldInput, fieldDisplay } from './kinds';
export { enumLabelKey, fieldLabelKey, sectionLabelKey } from './labels';
export { FieldValue, HistoryTable } from './EntityShow';

// Lists: where a row's show view opens.
export { useShowHref } from './EntityShow';

// Forms and pages.
export type { EntityFormProps } from './EntityForm';
export { FieldGrid, FormFieldCell, useEntityFormProps } from './EntityForm';
export { EntityCreate, EntityEdit } from './EntityPages';

// Buttons: declared actions (transitions filtered by the record's state), delete, links.
export { ActionTrigger, RowActionButtons } from './ActionButton';
export { RowDeleteButton } from './RowDeleteButton';
export { LinkButton } from './LinkButton';
export { RowButton } from './RowButton';

// Trees: both levels of a two-level tree, for a picker over them.
export { useTwoLevels } from './tree';

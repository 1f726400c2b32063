/**
 * The shape of the route -> first-draw table (src/admin/firstDrawTable.ts, generated from the
 * declarations and their texts by src/admin/firstDrawPlan.ts): what src/admin/firstDraw.ts needs to
 * draw a list's first page from the early answer before the admin's code has arrived.
 */

/** A text in both languages: `[English, Chinese]`. */
export type Texts = readonly [string, string];

/**
 * How a cell shows its value: the list cell of the field's kind (src/engine/kinds.tsx), as plain text
 * (`switch`: a flag the row sets, drawn as the row's switch);
 * `later`: left empty for the admin to fill (chips of references, a screen's own cell of a JSON value).
 */
export type CellKind = 'text' | 'number' | 'money' | 'ratio' | 'flag' | 'switch' | 'enum' | 'date' | 'dateTime' | 'image' | 'reference' | 'later';

export type FirstDrawColumn = {
  /** The field (the answer's key). */
  readonly source: string;
  readonly label: Texts;
  readonly kind: CellKind;
  /** `enum`: the options' labels by value. */
  readonly options?: Readonly<Record<string, Texts>>;
  /** `reference`: the field holding the referenced record's name (`nameOf`). */
  readonly nameField?: string;
  /** `listPriority`: the width below which the list starts without the column (1600 or 1300 px). */
  readonly hiddenBelow?: number;
};

export type FirstDrawList = {
  /** The screen's title (`menu.<route>`). */
  readonly title: Texts;
  readonly columns: readonly FirstDrawColumn[];
};

/** By route path (`/pms/product`): the lists whose first request the entry starts (src/admin/screenRequestTable.ts). */
export type FirstDrawTable = Readonly<Record<string, FirstDrawList>>;

/**
 * An enumeration declared once: each member's name, its stored value and its label key. What the
 * rest reads is derived from that one table: the values by name (`ORDER_STATUS.shipped` is 2), the
 * options of an `enumeration` field in the declared order, and a value's label key.
 *
 *   export const { values: ORDER_STATUS, options: ORDER_STATUSES } = defineEnum({
 *     pendingPayment: [0, 'pending_payment'], pendingShipment: [1, 'pending_shipment'], ...
 *   });
 *
 * The label key is the suffix of the field's translated label (`resources.<entity>.enums.<field>.<label>`).
 */

type Members = Readonly<Record<string, readonly [value: number | string, label: string]>>;

export type EnumDecl<M extends Members> = {
  /** Each member's stored value, by name. */
  readonly values: { readonly [K in keyof M]: M[K][0] };
  /** The options of an `enumeration` field: value and label key, in the declared order. */
  readonly options: readonly { readonly value: M[keyof M][0]; readonly label: M[keyof M][1] }[];
  /** The label key of a stored value; undefined for a value the enumeration does not declare. */
  readonly labelOf: (value: unknown) => M[keyof M][1] | undefined;
};

export const defineEnum = <const M extends Members>(members: M): EnumDecl<M> => {
  type Value = M[keyof M][0];
  type Label = M[keyof M][1];
  const entries = Object.entries(members) as [keyof M & string, readonly [Value, Label]][];
  const seen = new Set<unknown>();
  for (const [name, [value]] of entries) {
    if (seen.has(value)) throw new Error(`defineEnum: ${name} repeats the value ${String(value)}`);
    seen.add(value);
  }
  const options = entries.map(([, [value, label]]) => ({ value, label }));
  const labels = new Map<unknown, Label>(options.map((o) => [o.value, o.label]));
  return {
    values: Object.fromEntries(entries.map(([name, [value]]) => [name, value])) as EnumDecl<M>['values'],
    options,
    labelOf: (value) => labels.get(value),
  };
};

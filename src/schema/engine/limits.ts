/** The limits the declaration language itself applies (src/schema/rules.ts re-exports them with the business limits). */

/** Names of shops, products, attributes, categories, types and advertisements. */
export const NAME_LENGTH = { min: 2, max: 140 } as const;

/** Default most rows of a child list (bodies stay far below the member cap). */
export const DEFAULT_MAX_ROWS = 100;

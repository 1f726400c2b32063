/**
 * Tables of texts an area declares beside its entities, each key's English and Chinese together:
 * its server messages (the English is what the server answers, `{param}` placeholders) and its
 * menu titles. ../messages.ts lists every area's tables.
 */
export type AreaMessages = Readonly<Record<string, { readonly en: string; readonly zh: string }>>;

/** A table of texts in both languages. */
export const defineTexts = <const M extends AreaMessages>(texts: M): M => texts;
/** An area's server messages. */
export const defineMessages = defineTexts;

type Texts<M extends AreaMessages, L extends 'en' | 'zh'> = { readonly [K in keyof M]: M[K][L] };

/** One language of a messages table, by key. */
export const textsOf = <const M extends AreaMessages, L extends 'en' | 'zh'>(messages: M, language: L): Texts<M, L> =>
  Object.fromEntries(Object.entries(messages).map(([key, texts]) => [key, texts[language]])) as Texts<M, L>;

/** The intersection of the tables' types: every key of each, with its texts. */
type Joined<T extends readonly AreaMessages[]> = (T[number] extends infer U ? (U extends unknown ? (table: U) => void : never) : never) extends (table: infer J) => void ? J : never;

/**
 * The areas' tables as one (../messages.ts). A key two areas declare stops the start: the second
 * would silently hide the first, and the key belongs to one area (its owner; others use it).
 */
export const joinTexts = <const T extends readonly AreaMessages[]>(...tables: T): Joined<T> => {
  const joined: Record<string, { readonly en: string; readonly zh: string }> = {};
  for (const table of tables) {
    for (const [key, texts] of Object.entries(table)) {
      if (key in joined) throw new Error(`${key} is declared by two areas' tables`);
      joined[key] = texts;
    }
  }
  return joined as Joined<T>;
};

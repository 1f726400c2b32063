/**
 * A table of server messages an area declares beside its entities: each key's English text (what
 * the server answers, `{param}` placeholders) and its Chinese together (./messages.ts lists the tables).
 */
export type AreaMessages = Readonly<Record<string, { readonly en: string; readonly zh: string }>>;

export const defineMessages = <const M extends AreaMessages>(messages: M): M => messages;

type Texts<M extends AreaMessages, L extends 'en' | 'zh'> = { readonly [K in keyof M]: M[K][L] };

/** One language of a messages table, by key. */
export const textsOf = <const M extends AreaMessages, L extends 'en' | 'zh'>(messages: M, language: L): Texts<M, L> =>
  Object.fromEntries(Object.entries(messages).map(([key, texts]) => [key, texts[language]])) as Texts<M, L>;

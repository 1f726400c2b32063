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

/** Values of a message's `{name}` placeholders. */
export type MessageParams = Record<string, string | number>;

/**
 * The one message formatter: `{name}` placeholders (and the admin translations' `%{name}`) filled
 * from `params`; a placeholder without a value stays as it is, so the reader sees what is missing.
 */
export const fillMessage = (text: string, params: MessageParams = {}): string =>
  text.replace(/%?\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));

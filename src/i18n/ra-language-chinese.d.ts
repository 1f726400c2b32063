/** ra-language-chinese 2.0.10 ships plain CommonJS data without types: a tree of message strings. */
declare module 'ra-language-chinese' {
  const messages: { readonly [key: string]: unknown };
  export default messages;
}

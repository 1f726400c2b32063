/**
 * Bodies of absurd shape are refused before they are even parsed. A 1 MB body of 60,000 unknown
 * keys cost a second of JSON.parse alone (an object that size is slow to build) and was then
 * validated key by key into a 4.4 MB answer. No admin form or `mall` client sends more than a
 * few dozen fields, so a JSON or form body with more than MAX_BODY_ITEMS members and array items
 * in total (any depth) is a 400 `too_many_fields`, found by one scan of the raw text. The same
 * scan refuses a body nested deeper than MAX_BODY_DEPTH arrays and objects (400 `too_deep`): a
 * 40 KB text of 20,000 brackets parses, then every walk of the value that recurses per level (the
 * unsafe-text check, validation, a log serialiser) overflows the stack, a 500 on every route. No
 * form nests more than a handful of levels (a product's SKU rows hold lists: four).
 */
import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { parse as parseForm } from 'fast-querystring';
import { httpError } from './errors';

const MAX_BODY_ITEMS = 2_000;
export const MAX_BODY_DEPTH = 32;

const COMMA = 44;
const QUOTE = 34;
const BACKSLASH = 92;
const AMPERSAND = 38;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;

/**
 * Members and items of a JSON text: its commas outside strings, plus one. An upper bound of what
 * JSON.parse would build (separators inside strings do not count, so long prose is not refused).
 * The scan stops at the first bracket past `maxDepth` levels: `deep` says the text nests too far.
 */
const jsonShape = (text: string, maxDepth: number): { items: number; deep: boolean } => {
  let items = 1;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === COMMA) items += 1;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return { items, deep: true };
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth -= 1;
  }
  return { items, deep: false };
};

/** Fields of a form body: its `&` separators plus one (values are %-encoded, so no `&` hides in them). */
const formItems = (text: string): number => {
  let items = 1;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === AMPERSAND) items += 1;
  return items;
};

const tooMany = (limit: number) => httpError({ status: 400, messageKey: 'too_many_fields', params: { max: limit } });
const tooDeep = () => httpError({ status: 400, messageKey: 'too_deep', params: { max: MAX_BODY_DEPTH } });

/**
 * The refusal a JSON text earns before it is parsed (too deep, or too many members and items), or
 * undefined. Every JSON parser of the app calls it, the payment notifies' own included.
 */
export const jsonShapeRefusal = (text: string, maxItems = MAX_BODY_ITEMS): Error | undefined => {
  const shape = jsonShape(text, MAX_BODY_DEPTH);
  if (shape.deep) return tooDeep();
  return shape.items > maxItems ? tooMany(maxItems) : undefined;
};

/** JSON (Fastify's own parser, prototype-poisoning checks included) and form bodies, each counted first. */
export const registerBodyParsers = (app: FastifyInstance, options: { bodyLimit: number; maxItems?: number }): void => {
  const limit = options.maxItems ?? MAX_BODY_ITEMS;
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: options.bodyLimit }, (request, body, done) => {
    const refusal = jsonShapeRefusal(body as string, limit);
    if (refusal) {
      done(refusal, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  app.register(formbody, {
    bodyLimit: options.bodyLimit,
    parser: (text: string) => {
      if (formItems(text) > limit) throw tooMany(limit);
      return parseForm(text);
    },
  });
};

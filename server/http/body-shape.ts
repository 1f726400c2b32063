/**
 * Bodies of absurd shape are refused before they are even parsed. A 1 MB body of 60,000 unknown
 * keys cost a second of JSON.parse alone (an object that size is slow to build) and was then
 * validated key by key into a 4.4 MB answer. No admin form or `mall` client sends more than a
 * few dozen fields, so a JSON or form body with more than MAX_BODY_ITEMS members and array items
 * in total (any depth) is a 400 `too_many_fields`, found by one scan of the raw text.
 */
import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { parse as parseForm } from 'fast-querystring';
import { httpError } from './errors';

const MAX_BODY_ITEMS = 2_000;

const COMMA = 44;
const QUOTE = 34;
const BACKSLASH = 92;
const AMPERSAND = 38;

/**
 * Members and items of a JSON text: its commas outside strings, plus one. An upper bound of what
 * JSON.parse would build (separators inside strings do not count, so long prose is not refused).
 */
const jsonItems = (text: string): number => {
  let items = 1;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === COMMA) items += 1;
  }
  return items;
};

/** Fields of a form body: its `&` separators plus one (values are %-encoded, so no `&` hides in them). */
const formItems = (text: string): number => {
  let items = 1;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === AMPERSAND) items += 1;
  return items;
};

const tooMany = (limit: number) => httpError({ status: 400, messageKey: 'too_many_fields', params: { max: limit } });

/** JSON (Fastify's own parser, prototype-poisoning checks included) and form bodies, each counted first. */
export const registerBodyParsers = (app: FastifyInstance, options: { bodyLimit: number; maxItems?: number }): void => {
  const limit = options.maxItems ?? MAX_BODY_ITEMS;
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: options.bodyLimit }, (request, body, done) => {
    if (jsonItems(body as string) > limit) {
      done(tooMany(limit), undefined);
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

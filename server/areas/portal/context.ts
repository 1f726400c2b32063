/**
 * What every route of the shop front (`/portal/:shopId/...`, mall-portal's wire) works with: the
 * shop the path names, the buyer the token names, and mall's ways of passing parameters. A file
 * of the area adds routes by exporting a `PortalRoutes` function listed in ./index.ts; inside it,
 * `buyerOf(request)` is the one way to learn who is calling.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AreaDeps } from '../area';
import { unauthorized, validationFailed } from '../../http/errors';
import { fieldError } from '../../../src/schema/api';

/** The shop a request's path names, read once per request (open shops only; any other is "not found"). */
export type PortalShop = {
  readonly id: number; readonly name: string; readonly autoApprove: number; readonly signUpCode: number;
  /** The shop's IANA zone (the platform's when it declares none): its flash sales' dates and sessions run on it. */
  readonly timeZone: string;
};

/** The signed-in buyer: a member of the path's shop, approved, holding a token of the current version. */
export type Buyer = { readonly shopId: number; readonly memberId: number; readonly username: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every shop-front request before its handler runs (server/areas/portal/plugin.ts). */
    portalShop: PortalShop | null;
    /** Set for routes that need a buyer (every one but the public ones); null on public routes. */
    buyer: Buyer | null;
  }
}

/** What a file of routes is given: the app's area dependencies (database, settings, repositories). */
export type PortalDeps = AreaDeps;

/** Adds routes under `/portal/:shopId`; paths are mall-portal's (`/cart/list`). */
export type PortalRoutes = (portal: FastifyInstance, deps: PortalDeps) => void;

/**
 * The caller of a buyer route: `{ shopId, memberId }` (and the username), from the token, checked
 * against the path's shop, the member row and its token version before the handler ran. Every
 * route outside PUBLIC_PORTAL_PATHS (./plugin.ts) has one; called on a public route it answers 401.
 * Use these ids for every read and write: never an id, price or owner from the body.
 */
export const buyerOf = (request: FastifyRequest): Buyer => {
  if (!request.buyer) throw unauthorized();
  return request.buyer;
};

/** The shop of the request's path (every shop-front route has one). */
export const shopOf = (request: FastifyRequest): PortalShop => {
  if (!request.portalShop) throw new Error('shopOf: not a shop-front request');
  return request.portalShop;
};

/**
 * mall's clients put parameters in the query string, POSTs included, and sign-in and sign-up in a
 * form body: the two merged (the body's win), so every route accepts both places.
 */
export const paramsOf = (request: FastifyRequest): Record<string, unknown> => {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? { ...query, ...(body as Record<string, unknown>) } : { ...query };
};

/** One value of a parameter that may come repeated (`a=1&a=2` keeps the first). */
const single = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** A positive integer id (a JSON number or a numeric string, as clients echo ids), or a 404-coded field error. */
export const idParam = (value: unknown, field: string): number => {
  const raw = single(value);
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d{1,15}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw validationFailed([fieldError(field, raw === undefined || raw === '' ? 'required' : 'invalid_value')]);
  return id;
};

/** An integer parameter within bounds, or its default when absent. */
export const intParam = (value: unknown, field: string, options: { min: number; max: number; fallback?: number }): number => {
  const raw = single(value);
  if ((raw === undefined || raw === '' || raw === null) && options.fallback !== undefined) return options.fallback;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d{1,15}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n)) throw validationFailed([fieldError(field, raw === undefined || raw === '' ? 'required' : 'invalid_value')]);
  if (n < options.min) throw validationFailed([fieldError(field, 'too_small', { min: options.min })]);
  if (n > options.max) throw validationFailed([fieldError(field, 'too_big', { max: options.max })]);
  return n;
};

/**
 * An id list (`ids`, `cartIds`): one value, a comma list (`1,2`, or `1%2C2`), repeated keys, or a
 * JSON array; at least one, at most `max`.
 */
export const idListParam = (value: unknown, field: string, max = 100): number[] => {
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]))
    .filter((v) => v !== undefined && v !== null && v !== '');
  if (!parts.length) throw validationFailed([fieldError(field, 'required')]);
  if (parts.length > max) throw validationFailed([fieldError(field, 'too_many_ids', { max })]);
  return [...new Set(parts.map((part) => idParam(part, field)))];
};

/** CommonPage's request: pageNum from 1, pageSize 1..100 (default `size`). */
export const pageParams = (params: Record<string, unknown>, size = 10): { pageNum: number; pageSize: number; offset: number } => {
  const pageNum = intParam(params.pageNum, 'pageNum', { min: 1, max: 1_000_000, fallback: 1 });
  const pageSize = intParam(params.pageSize, 'pageSize', { min: 1, max: 100, fallback: size });
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
};

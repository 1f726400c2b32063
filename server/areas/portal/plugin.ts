/**
 * The shop front: mall-portal's buyer API, one per shop, under `/portal/<shop id>/` (so a buyer
 * client configured with that base URL works unchanged). Outside the admin API and its guard: its
 * own CORS (any origin may call it, with mall's `source-client` header: tokens travel in
 * Authorization, never in cookies, so a foreign page gains nothing it could not do by calling
 * directly), its own authentication (buyer tokens, ./tokens.ts), and mall's answers: every answer
 * an HTTP 200 envelope, a missing or expired token `code` 401, bad input `code` 404, a refused
 * business step `code` 500, each message in the buyer's language (Accept-Language: Chinese or English).
 */
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AREA_MESSAGES } from '../../../src/schema/messages';
import { textsOf, fillMessage } from '../../../src/schema/engine/texts';
import type { MessageParams } from '../../../src/schema/engine/texts';
import { PORTAL_BASE_ZH } from '../../../src/schema/portal/messages';
import { createErrorHandler } from '../../http/error-handler';
import { notFound, unauthorized } from '../../http/errors';
import { registerPublicUrls } from '../../http/public-urls';
import { refuseUnsafeText } from '../../http/unsafe-text';
import { MEMBER_APPLY_STATUS } from '../../../src/schema/member/entities';
import type { Buyer, PortalDeps, PortalRoutes, PortalShop } from './context';
import type { BuyerClaims } from './tokens';
import { buyerTokenOf, verifyBuyerTokenOnce } from './tokens';
import { platformTimeZone } from '../shop/time-zone';

/** The shop front's base path: `/portal/2/sso/login` is shop 2's sign-in. */
export const PORTAL_PREFIX = '/portal/:shopId';

/**
 * The paths anyone may call (mall-portal's own list, less `/sso/updatePassword`, which here needs
 * the buyer's token and current password, and less `/alipay/query`, which tells a trade's status:
 * mall's clients send the token, and only the order's buyer may ask); every other path needs a
 * buyer token of the path's shop. Alipay's pages are opened by a browser navigation (no token),
 * its notify comes from Alipay.
 */
export const PUBLIC_PORTAL_PATHS = /^\/(sso\/(getAuthCode|login|register)|home\/.*|product\/.*|brand\/.*|alipay\/(webPay|pay|return|notify))$/;

const SHOP_ID = /^[1-9]\d{0,9}$/;

/** Chinese of every message key the shop front may answer (the areas' own, and the engine's a buyer meets). */
const ZH: Readonly<Record<string, string>> = { ...PORTAL_BASE_ZH, ...textsOf(AREA_MESSAGES, 'zh') };

/** Whether the caller reads Chinese: Accept-Language's first language. */
const wantsChinese = (request: FastifyRequest): boolean => /^\s*zh\b/i.test(request.headers['accept-language'] ?? '');

type EnvelopeLike = { code: number; message: string; messageKey?: string; params?: MessageParams };
const isEnvelope = (payload: unknown): payload is EnvelopeLike =>
  payload !== null && typeof payload === 'object' && 'code' in payload && 'message' in payload;

/**
 * The open shop the path names and, when `memberId` is given, that member of it (absent: null):
 * one statement, so a buyer's request pays one round trip for both checks.
 */
const loadShop = async (deps: PortalDeps, shopId: number, memberId: number | null) => {
  const row = await deps.db.selectFrom('shop as s')
    .leftJoin('ums_member as m', (join) => join.onRef('m.shop_id', '=', 's.id').on('m.id', '=', memberId ?? 0))
    .select(['s.id', 's.shop_name', 's.auto_approve', 's.sign_up_code', 's.time_zone', 'm.id as member_id', 'm.username', 'm.apply_status', 'm.token_version'])
    .where('s.id', '=', shopId).where('s.status', '=', 1).executeTakeFirst();
  if (!row) return null;
  const shop: PortalShop = { id: row.id, name: row.shop_name, autoApprove: Number(row.auto_approve), signUpCode: Number(row.sign_up_code), timeZone: row.time_zone || platformTimeZone() };
  return { shop, member: row.member_id === null || row.member_id === undefined ? null : row };
};

/** The buyer behind verified claims: a member of this shop, approved, its token version current; else null. */
const buyerOfRow = (shop: PortalShop, claims: BuyerClaims, member: { member_id: number | null; username: string | null; apply_status: number | null; token_version: number | null } | null): Buyer | null => {
  if (!member || claims.shopId !== shop.id || Number(member.apply_status) !== MEMBER_APPLY_STATUS.approved || Number(member.token_version) !== claims.version) return null;
  return { shopId: shop.id, memberId: Number(member.member_id), username: String(member.username) };
};

/** Registers the shop front with every file of routes in `files` (./index.ts lists them). */
export const registerPortal = (app: FastifyInstance, deps: PortalDeps, files: readonly PortalRoutes[]): void => {
  app.register(async (portal) => {
    // Any origin may call a shop front, unless CORS_ORIGINS names the allowed ones for the whole
    // server: then the server's CORS (registered once, for every route) answers for it too
    // (a second registration below it never starts).
    if (!portal.hasPlugin('@fastify/cors')) {
      await portal.register(cors, {
        origin: true, methods: ['GET', 'POST', 'OPTIONS'], allowedHeaders: ['Authorization', 'Content-Type', 'source-client'],
        exposedHeaders: ['Retry-After', 'X-Request-Id'], maxAge: 600,
      });
    }
    portal.decorateRequest('portalShop', null);
    portal.decorateRequest('buyer', null);
    // mall's clients read `code` only from a 2xx answer: every refusal is an HTTP 200 envelope.
    portal.setErrorHandler(createErrorHandler({ http200Envelopes: true }));
    portal.setNotFoundHandler(async () => {
      throw notFound('route_not_found');
    });
    portal.addHook('onRequest', async (request) => {
      request.portalShop = null;
      request.buyer = null;
      if (request.method === 'OPTIONS') return;
      const raw = (request.params as Record<string, unknown> | undefined)?.shopId;
      if (typeof raw !== 'string' || !SHOP_ID.test(raw)) throw notFound('portal_shop_not_found');
      const route = request.routeOptions.url;
      // No route (the not-found answer) or a public one: no buyer needed.
      const needsBuyer = Boolean(route) && !PUBLIC_PORTAL_PATHS.test(route!.slice(PORTAL_PREFIX.length));
      const token = needsBuyer ? buyerTokenOf(request.headers.authorization) : null;
      const claims = token ? await verifyBuyerTokenOnce(deps.config.jwtSecret, token) : null;
      const found = await loadShop(deps, Number(raw), claims?.shopId === Number(raw) ? claims.memberId : null);
      if (!found) throw notFound('portal_shop_not_found');
      request.portalShop = found.shop;
      if (!needsBuyer) return;
      const buyer = claims ? buyerOfRow(found.shop, claims, found.member) : null;
      if (!buyer) throw unauthorized();
      request.buyer = buyer;
    });
    portal.addHook('preValidation', refuseUnsafeText);
    // Uploads as absolute URLs under PUBLIC_URL, as the admin API answers them.
    registerPublicUrls(portal, deps.config.publicUrl);
    portal.addHook('preSerialization', async (request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      if (!isEnvelope(payload) || !wantsChinese(request)) return payload;
      const key = payload.messageKey ?? (payload.code === 200 ? 'success' : undefined);
      const zh = key === undefined ? undefined : ZH[key];
      return zh === undefined ? payload : { ...payload, message: fillMessage(zh, payload.params) };
    });
    for (const routes of files) routes(portal, deps);
  }, { prefix: PORTAL_PREFIX });
};

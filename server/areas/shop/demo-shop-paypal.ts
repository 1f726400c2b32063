/**
 * Online PayPal for the demo shop that takes every payment method (demo mode only): its client id
 * and secret key go through the shop repository, which encrypts the key with the secrets key
 * (SECRETS_KEY or `${DATA_DIR}/secrets-key`), as a seller's form would. Done once: a shop whose
 * key is stored is left alone.
 */
import type { Kysely } from 'kysely';
import type { Actor } from '../../crud/repository';
import { ALL_SHOPS } from '../../crud/scope';
import type { Database } from '../../db/schema';
import type { RepositoryOf } from '../area';

export const DEMO_PAYPAL_SHOP = 'Sunrise Print Studio';
/** Sandbox-shaped demo values: no PayPal account answers to them. */
export const DEMO_PAYPAL = { clientId: 'AQkquBDf1zctJOWGKWUEtKXm6qVhueUEMvXO_-MCI4DQQ4-LWvkDLIN2fGsd', secretKey: 'EL1tVxAjhT7cJimnz5-Nsx9k2reTKSVfErNQF-CmrwJgxRtylkGTKlU4RvrX' } as const;

export const seedDemoShopPaypal = async (db: Kysely<Database>, repositoryOf: RepositoryOf): Promise<boolean> => {
  const shop = await db.selectFrom('shop').select(['id', 'paypal_secret_key']).where('shop_name', '=', DEMO_PAYPAL_SHOP).executeTakeFirst();
  if (!shop || shop.paypal_secret_key) return false;
  const repo = repositoryOf('shop');
  const actor: Actor = { adminId: null, ip: null, scope: ALL_SHOPS };
  await repo.update(shop.id, { paypalOnline: 1, paypalClientId: DEMO_PAYPAL.clientId, paypalSecretKey: DEMO_PAYPAL.secretKey }, actor);
  return true;
};

/**
 * Online PayPal for the demo shop that takes every payment method (demo mode only): its client id
 * and secret key go through the shop repository, which encrypts the key with the secrets key
 * (SECRETS_KEY or `${DATA_DIR}/secrets-key`), as a seller's form would. Done once: a shop whose
 * key is stored is left alone.
 */
import type { Kysely } from 'kysely';
import { ENTITIES, entityList } from '../../../src/schema/entities';
import { ENTITY_HOOKS } from '../index';
import { hashPassword } from '../../auth/password';
import type { Config } from '../../config';
import { secretsKeyOf } from '../../config';
import type { Actor } from '../../crud/repository';
import { createRepository } from '../../crud/repository';
import { ALL_SHOPS } from '../../crud/scope';
import { createSecrets } from '../../crud/secrets';
import type { Database } from '../../db/schema';

export const DEMO_PAYPAL_SHOP = 'Sunrise Print Studio';
/** Sandbox-shaped demo values: no PayPal account answers to them. */
export const DEMO_PAYPAL = { clientId: 'AQkquBDf1zctJOWGKWUEtKXm6qVhueUEMvXO_-MCI4DQQ4-LWvkDLIN2fGsd', secretKey: 'EL1tVxAjhT7cJimnz5-Nsx9k2reTKSVfErNQF-CmrwJgxRtylkGTKlU4RvrX' } as const;

export const seedDemoShopPaypal = async (db: Kysely<Database>, config: Pick<Config, 'dataDir'> & { secretsKey?: string | undefined }): Promise<boolean> => {
  const shop = await db.selectFrom('shop').select(['id', 'paypal_secret_key']).where('shop_name', '=', DEMO_PAYPAL_SHOP).executeTakeFirst();
  if (!shop || shop.paypal_secret_key) return false;
  const secrets = createSecrets(secretsKeyOf({ secretsKey: config.secretsKey, dataDir: config.dataDir }), hashPassword);
  const repo = createRepository(ENTITIES.shop, { db, entities: entityList, hooks: ENTITY_HOOKS.shop, secrets });
  const actor: Actor = { adminId: null, ip: null, scope: ALL_SHOPS };
  await repo.update(shop.id, { paypalOnline: 1, paypalClientId: DEMO_PAYPAL.clientId, paypalSecretKey: DEMO_PAYPAL.secretKey }, actor);
  return true;
};

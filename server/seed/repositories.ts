/**
 * The repositories the seed writes demo records through, the list content's and every area's
 * demo (DemoDeps `repositoryOf`, server/areas/area.ts): each entity's own, with its area's hooks
 * (those that need no settings), so a demo record passes the same validation, hooks and audit as
 * one sent to the API. Secret fields are sealed with the app's key (SECRETS_KEY, or the one kept
 * in the data folder), read only when a demo record has a secret to seal.
 */
import type { Kysely } from 'kysely';
import type { EntityName } from '../../src/schema/entities';
import { ENTITIES, entityList } from '../../src/schema/entities';
import type { RepositoryOf } from '../areas/area';
import { ENTITY_HOOKS } from '../areas/index';
import { hashPassword } from '../auth/password';
import type { Config } from '../config';
import { secretsKeyOf } from '../config';
import type { Repository } from '../crud/repository';
import { createRepository } from '../crud/repository';
import type { Secrets } from '../crud/secrets';
import { createSecrets } from '../crud/secrets';
import type { Database } from '../db/schema';

type SecretsConfig = Pick<Config, 'dataDir'> & { readonly secretsKey?: string | undefined };

/** Secrets whose key is read (or made) on the first seal or open, not before: most demo records have none. */
const lazySecrets = (config: SecretsConfig): Secrets => {
  let made: Secrets | undefined;
  const secrets = (): Secrets => (made ??= createSecrets(secretsKeyOf({ secretsKey: config.secretsKey, dataDir: config.dataDir }), hashPassword));
  return { seal: (plain, where) => secrets().seal(plain, where), open: (sealed, where) => secrets().open(sealed, where), hash: hashPassword };
};

export const seedRepositories = (db: Kysely<Database>, config: SecretsConfig): RepositoryOf => {
  const secrets = lazySecrets(config);
  const made = new Map<EntityName, Repository>();
  return (name) => {
    let repository = made.get(name);
    if (!repository) {
      repository = createRepository(ENTITIES[name], { db, entities: entityList, hooks: ENTITY_HOOKS[name], secrets });
      made.set(name, repository);
    }
    return repository;
  };
};

/**
 * Placeholder until the declared entities (src/schema) drive the real mapping onto the API
 * (ARCHITECTURE.md section 5). Every call rejects with a message that says so, instead of
 * guessing endpoints.
 */
import type { DataProvider } from 'react-admin';

const notYet = (method: string) => (resource: string) =>
  Promise.reject(new Error(`dataProvider.${method}("${resource}") is not implemented yet: no entity screens are wired.`));

export const dataProvider: DataProvider = {
  getList: notYet('getList'),
  getOne: notYet('getOne'),
  getMany: notYet('getMany'),
  getManyReference: notYet('getManyReference'),
  create: notYet('create'),
  update: notYet('update'),
  updateMany: notYet('updateMany'),
  delete: notYet('delete'),
  deleteMany: notYet('deleteMany'),
};

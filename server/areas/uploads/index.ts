/** Uploads (`/minio/upload`, `/uploads/…`): images checked by their bytes, spending the storage quota. */
import { defineArea } from '../area';
import { storageMeter } from './meters';
import { registerUploadFiles, registerUploadRoutes } from './routes';

export const uploadsArea = defineArea({
  name: 'uploads',
  meters: [storageMeter],
  routes: (api, { db, config, meters, defaultQuotas }) => registerUploadRoutes(api, { db, config, capacity: meters, defaultQuotas }),
  // The uploaded files' URLs (`/uploads/…`), outside the API.
  appRoutes: (app, { config }) => registerUploadFiles(app, config),
});

/** The uploads every image and file field posts to. */
import { defineRoutes } from './access';

export const routes = defineRoutes({
  routes: {
    'POST /minio/upload': { access: ['product', 'marketing', 'seller'], params: [] },
  },
});

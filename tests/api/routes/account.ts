/** Sign-in, registration and the signed-in account's own session and profile (server/areas/account). */
import { body, defineRoutes } from './access';

export const routes = defineRoutes({
  routes: {
    'POST /admin/login': { access: 'public', params: body('username', 'password'), anonymous: true },
    'POST /admin/register': { access: 'anonymousOrSuper', params: body('username', 'password', 'email', 'code'), anonymous: true },
    'GET /admin/info': { access: 'session', params: [] },
    'POST /admin/logout': { access: 'session', params: [] },
    'GET /admin/refreshToken': { access: 'session', params: [] },
    'POST /admin/updatePassword': { access: 'session', params: body('username', 'oldPassword', 'newPassword') },
    'POST /admin/updateProfile': { access: 'session', params: body('nickName', 'email', 'icon', 'note') },
    'POST /admin/uploadAvatar': { access: 'session', params: [] },
  },
});

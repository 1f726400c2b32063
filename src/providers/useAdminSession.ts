/**
 * The signed-in admin as the layout and pages read it: react-admin's `usePermissions`, which
 * holds what `authProvider.getPermissions` answered (`/admin/info` with the menu rules applied).
 */
import { usePermissions } from 'react-admin';
import type { AdminSession } from './authProvider';

export const useAdminSession = () => {
  const { permissions, isPending, error, refetch } = usePermissions<AdminSession, Error>();
  return { session: permissions, isPending, error, refetch };
};

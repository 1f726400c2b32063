/** A section path (`/oms`, `/mold`) opens the section's first page the user may open. */
import { Loading } from 'react-admin';
import { Navigate } from 'react-router';
import { AccessDenied } from '../ui/AccessDenied';
import { firstPageOfSection } from '../providers/menus';
import { useAdminSession } from '../providers/useAdminSession';

export const SectionRedirect = ({ section }: { section: string }) => {
  const { session } = useAdminSession();
  if (!session) return <Loading />;
  const target = firstPageOfSection(session.model, section);
  return target ? <Navigate to={target} replace /> : <AccessDenied />;
};

/**
 * Home › Section › Page for the route shown. Home and the section are links
 * (a section path leads to its first allowed page); the current page is plain text. Also names
 * the browser tab after the page.
 */
import NavigateNext from '@mui/icons-material/NavigateNext';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router';
import { useAdminSession } from '../providers/useAdminSession';
import { menuTitleText } from '../i18n/builtins';
import { useMobileNav } from './MobileNav';
import { matchPath } from './routeLookup';

type Crumb = { key: string; label: string; to?: string };

export const Breadcrumb = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { route, section } = matchPath(pathname);
  const isHome = route?.name === 'home';

  // The side menu's titles (a renamed menu reads as named); pages without a menu row use the route's.
  const { session } = useAdminSession();
  const menuSection = section ? session?.model.sections.find((s) => s.name === section.name) : undefined;
  const serverTitle = (name: string) => (name === section?.name ? menuSection : menuSection?.children.find((c) => c.name === name))?.serverTitle;
  const title = (name: string) => menuTitleText(translate, name, serverTitle(name));

  const crumbs: Crumb[] = [{ key: 'home', label: translate('menu.home'), to: isHome ? undefined : '/home' }];
  if (section) crumbs.push({ key: section.name, label: title(section.name), to: route ? section.path : undefined });
  if (route && !isHome) crumbs.push({ key: route.name, label: title(route.name) });

  const { isMobile } = useMobileNav();
  const pageTitle = crumbs[crumbs.length - 1]?.label ?? '';
  const appTitle = translate('app.title');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${appTitle}` : appTitle;
  }, [pageTitle, appTitle]);

  return (
    <Breadcrumbs
      aria-label={translate('app.breadcrumb')}
      separator={<NavigateNext fontSize="small" />}
      sx={{ color: 'inherit', flex: 1, minWidth: 0, overflow: 'hidden', '& ol': { flexWrap: 'nowrap' }, '& li': { whiteSpace: 'nowrap', minWidth: 0 } }}
    >
      {/* A phone has room for the page's name only; the bottom bar shows the section. */}
      {(isMobile ? crumbs.slice(-1) : crumbs).map((crumb) => crumb.to ? (
        <MuiLink key={crumb.key} component={Link} to={crumb.to} color="inherit" underline="hover">{crumb.label}</MuiLink>
      ) : (
        <Typography key={crumb.key} color="inherit" aria-current="page" noWrap>{crumb.label}</Typography>
      ))}
    </Breadcrumbs>
  );
};

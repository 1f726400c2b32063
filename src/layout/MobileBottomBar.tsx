/**
 * The mobile bottom icon bar (spec section 2): home plus the user's sections. A section opens
 * the drawer with that section unfolded, where its pages are.
 */
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { useAdminSession } from '../admin/useAdminSession';
import { MenuIcon } from './icons';
import { useMobileNav } from './MobileNav';
import { matchPath } from './routeLookup';

export const BOTTOM_BAR_HEIGHT = 56;

export const MobileBottomBar = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { session } = useAdminSession();
  const { isMobile, openDrawer } = useMobileNav();
  if (!isMobile) return null;

  const { route, section } = matchPath(pathname);
  const value = route?.name === 'home' ? 'home' : (section?.name ?? false);
  const sections = session?.model.sections ?? [];

  return (
    <Paper
      component="nav"
      aria-label={translate('app.bottom_nav')}
      elevation={8}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (theme) => theme.zIndex.appBar }}
    >
      <BottomNavigation
        value={value}
        // "Labels shown" keeps every icon at the same height; the labels themselves are hidden below.
        showLabels
        // An icon bar (spec section 2): up to ten entries share a phone's width, so labels stay
        // for screen readers (aria-label) and are not drawn.
        sx={{ height: BOTTOM_BAR_HEIGHT, '& .MuiBottomNavigationAction-label': { display: 'none' } }}
      >
        <BottomNavigationAction
          value="home"
          label={translate('menu.home')}
          aria-label={translate('menu.home')}
          icon={<MenuIcon name="home" fallback="home" />}
          onClick={() => navigate('/home')}
          sx={{ minWidth: 0, px: 0.5 }}
        />
        {sections.map((s) => {
          const title = translate(`menu.${s.name}`, { _: s.serverTitle || s.name });
          return (
            <BottomNavigationAction
              key={s.name}
              value={s.name}
              label={title}
              aria-label={title}
              icon={<MenuIcon name={s.icon} fallback={s.iconFallback} />}
              onClick={() => openDrawer(s.name)}
              sx={{ minWidth: 0, px: 0.5 }}
            />
          );
        })}
      </BottomNavigation>
    </Paper>
  );
};

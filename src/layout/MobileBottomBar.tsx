/**
 * The mobile bottom icon bar (spec section 2): home plus the user's sections. A section opens
 * the drawer with that section unfolded, where its pages are. Each icon names itself in a
 * tooltip (touch: on a long press), as the bar has no room for labels under ten icons.
 */
import BottomNavigation from '@mui/material/BottomNavigation';
import type { BottomNavigationActionProps } from '@mui/material/BottomNavigationAction';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { useAdminSession } from '../admin/useAdminSession';
import { menuTitleText } from '../i18n/builtins';
import { MenuIcon } from './icons';
import { useMobileNav } from './MobileNav';
import { matchPath } from './routeLookup';

export const BOTTOM_BAR_HEIGHT = 56;

/** One icon with its title as tooltip; BottomNavigation's own props (selected, value, ...) pass through. */
const BarAction = ({ title, ...props }: BottomNavigationActionProps & { readonly title: string }) => (
  <Tooltip title={title} placement="top" enterTouchDelay={400}>
    <BottomNavigationAction {...props} label={title} aria-label={title} sx={{ minWidth: 0, px: 0.5 }} />
  </Tooltip>
);

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
        <BarAction
          value="home"
          title={translate('menu.home')}
          icon={<MenuIcon name="home" fallback="home" />}
          onClick={() => navigate('/home')}
        />
        {sections.map((s) => {
          const title = menuTitleText(translate, s.name, s.serverTitle);
          return (
            <BarAction
              key={s.name}
              value={s.name}
              title={title}
              icon={<MenuIcon name={s.icon} fallback={s.iconFallback} />}
              onClick={() => openDrawer(s.name)}
            />
          );
        })}
      </BottomNavigation>
    </Paper>
  );
};

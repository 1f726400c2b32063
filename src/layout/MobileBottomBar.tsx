/**
 * The mobile bottom bar: home, the few sections used most (orders, products,
 * shops, ... of those the user has), and "More", which opens the drawer with every section. A
 * section opens the drawer with that section unfolded, where its pages are. Five labelled
 * entries fit a phone's width; ten icons without names did not say where they led.
 */
import BottomNavigation from '@mui/material/BottomNavigation';
import type { BottomNavigationActionProps } from '@mui/material/BottomNavigationAction';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { useAdminSession } from '../providers/useAdminSession';
import { menuTitleText } from '../i18n/builtins';
import { MenuIcon } from './icons';
import { useMobileNav } from './MobileNav';
import { matchPath } from './routeLookup';

export const BOTTOM_BAR_HEIGHT = 56;

/** Sections in the order of daily use; a user's sections not listed here come after, in menu order. */
const MOST_USED = ['oms', 'pms', 'shop', 'member', 'pay', 'mold', 'sms', 'rms', 'ums'];
/** Sections on the bar besides Home and More. */
const BAR_SECTIONS = 3;

/** The user's sections the bar shows: the most used first, at most BAR_SECTIONS. */
const barSections = <S extends { readonly name: string }>(sections: readonly S[]): S[] => {
  const rank = (name: string) => {
    const at = MOST_USED.indexOf(name);
    return at < 0 ? MOST_USED.length : at;
  };
  return sections.map((s, at) => ({ s, at })).sort((a, b) => rank(a.s.name) - rank(b.s.name) || a.at - b.at).slice(0, BAR_SECTIONS).map(({ s }) => s);
};

// A long name ("Die-cutting molds") ends in an ellipsis rather than pushing its neighbours.
const BAR_ACTION_SX = {
  minWidth: 0, px: 0.5,
  '& .MuiBottomNavigationAction-label': { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: '0.75rem' },
  '& .MuiBottomNavigationAction-label.Mui-selected': { fontSize: '0.75rem' },
} as const;

/** One icon with its title as tooltip; BottomNavigation's own props (selected, value, ...) pass through. */
const BarAction = ({ title, ...props }: BottomNavigationActionProps & { readonly title: string }) => (
  <Tooltip title={title} placement="top" enterTouchDelay={400}>
    <BottomNavigationAction {...props} label={title} aria-label={title} sx={BAR_ACTION_SX} />
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
  const allSections = session?.model.sections ?? [];
  const sections = barSections(allSections);
  // A section not on the bar lights "More" while one of its pages is open.
  const shown = value === false || value === 'home' || sections.some((s) => s.name === value) ? value : 'more';

  return (
    <Paper
      component="nav"
      aria-label={translate('app.bottom_nav')}
      elevation={8}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (theme) => theme.zIndex.appBar }}
    >
      <BottomNavigation
        value={shown}
        showLabels
        sx={{ height: BOTTOM_BAR_HEIGHT }}
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
        {allSections.length > sections.length && (
          <BarAction value="more" title={translate('app.bottom_more')} icon={<MoreHoriz />} onClick={() => openDrawer()} />
        )}
      </BottomNavigation>
    </Paper>
  );
};

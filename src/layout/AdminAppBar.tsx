/**
 * The top bar: menu toggle, breadcrumb from Home, loading indicator, language
 * switch and user menu. Written out rather than react-admin's <AppBar/>, whose toggle only knows
 * react-admin's own small-screen rule; ours also drives the mobile drawer.
 */
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { LoadingIndicator, useSidebarState, useTranslate } from 'react-admin';
import { AdminUserMenu } from './AdminUserMenu';
import { Breadcrumb } from './Breadcrumb';
import { LanguageSwitch } from './LanguageSwitch';
import { useMobileNav } from './MobileNav';

export const AdminAppBar = () => {
  const translate = useTranslate();
  const [isSidebarOpen, setSidebarOpen] = useSidebarState();
  const { isMobile, isDrawerOpen, openDrawer, closeDrawer } = useMobileNav();
  // react-admin's Layout leaves 48 px for the bar, 56 px below MUI's `sm`: the toolbar matches.
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const isOpen = isMobile ? isDrawerOpen : isSidebarOpen;

  const toggle = () => {
    if (!isMobile) setSidebarOpen(!isSidebarOpen);
    else if (isDrawerOpen) closeDrawer();
    else openDrawer();
  };

  return (
    <AppBar position="fixed" color="secondary" elevation={1}>
      <Toolbar variant={isXSmall ? 'regular' : 'dense'} disableGutters sx={{ px: 1, gap: 1 }}>
        <IconButton color="inherit" onClick={toggle} aria-label={translate(isOpen ? 'app.sidebar.close' : 'app.sidebar.open')}>
          {isOpen ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <Breadcrumb />
        <LoadingIndicator />
        <LanguageSwitch />
        <AdminUserMenu />
      </Toolbar>
    </AppBar>
  );
};

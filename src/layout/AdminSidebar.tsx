/**
 * Desktop: react-admin's sidebar, collapsible, its open state in react-admin's store (local
 * storage, so it survives a reload). Mobile: a temporary drawer that any navigation closes.
 */
import Drawer from '@mui/material/Drawer';
import type { SidebarProps } from 'react-admin';
import { Sidebar } from 'react-admin';
import { SIDEBAR_WIDTH } from '../theme/muiTheme';
import { useMobileNav } from './MobileNav';

export const AdminSidebar = ({ children, appBarAlwaysOn }: SidebarProps) => {
  const { isMobile, isDrawerOpen, closeDrawer } = useMobileNav();
  if (!isMobile) return <Sidebar appBarAlwaysOn={appBarAlwaysOn}>{children}</Sidebar>;
  return (
    <Drawer variant="temporary" open={isDrawerOpen} onClose={closeDrawer} slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}>
      {children}
    </Drawer>
  );
};

/**
 * The admin's frame: app bar, sidebar (desktop) or drawer plus bottom icon
 * bar (mobile), and the feedback of failed calls. Pages render inside, once the session is known.
 */
import { memo } from 'react';
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { ButtonsShowNames } from '../engine/ButtonsShowNames';
import { AdminAppBar } from './AdminAppBar';
import { AdminSidebar } from './AdminSidebar';
import { HttpFeedback } from './HttpFeedback';
import { BOTTOM_BAR_HEIGHT, MobileBottomBar } from './MobileBottomBar';
import { MobileNavProvider } from './MobileNav';
import { SectionMenu } from './SectionMenu';
import { SessionGate } from './SessionGate';
import { useIsMobile } from '../theme/useIsMobile';

/**
 * react-admin draws its layout again each time its routes settle while a screen opens (the
 * resources registering, the auth check, the screen's lazy code arriving): three passes of about
 * 450 components, most of them the bar and the menu. Neither takes a prop that changes
 * then (each reads what it shows through its own hooks), so memo keeps them from being drawn again.
 */
const AppBar = memo(AdminAppBar);
const Menu = memo(SectionMenu);

// react-admin's frame is at least as wide as its content (min-width: fit-content), so one wide
// table made the whole page scroll sideways, the sidebar and app bar with it. The frame and its
// content column take the window's width; wide content scrolls in its own box (the lists' tables,
// EntityList). Made once: a new object per render is new styles to serialise for emotion.
const FRAME_SX = { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } as const;
// The fixed bottom bar must not cover the end of the page.
const FRAME_SX_MOBILE = { ...FRAME_SX, pb: `${BOTTOM_BAR_HEIGHT}px` } as const;

export const AdminLayout = ({ children }: { children: ReactNode }) => {
  const isMobile = useIsMobile();
  return (
    <MobileNavProvider>
      <Layout
        appBar={AppBar}
        appBarAlwaysOn
        sidebar={AdminSidebar}
        menu={Menu}
        sx={isMobile ? FRAME_SX_MOBILE : FRAME_SX}
      >
        {/* Pages' buttons keep their names on a phone (the app bar's stay icons with labels). */}
        <ButtonsShowNames><SessionGate>{children}</SessionGate></ButtonsShowNames>
      </Layout>
      <MobileBottomBar />
      <HttpFeedback />
    </MobileNavProvider>
  );
};

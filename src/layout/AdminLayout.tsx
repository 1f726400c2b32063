/**
 * The admin's frame (spec section 2): app bar, sidebar (desktop) or drawer plus bottom icon
 * bar (mobile), and the feedback of failed calls. Pages render inside, once the session is known.
 */
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

export const AdminLayout = ({ children }: { children: ReactNode }) => {
  const isMobile = useIsMobile();
  return (
    <MobileNavProvider>
      <Layout
        appBar={AdminAppBar}
        appBarAlwaysOn
        sidebar={AdminSidebar}
        menu={SectionMenu}
        sx={{
          // react-admin's frame is at least as wide as its content (min-width: fit-content), so
          // one wide table made the whole page scroll sideways, the sidebar and app bar with it.
          // The frame and its content column take the window's width; wide content scrolls in
          // its own box (the lists' tables, EntityList).
          minWidth: 0,
          '& .RaLayout-content': { minWidth: 0 },
          // The fixed bottom bar must not cover the end of the page.
          ...(isMobile ? { pb: `${BOTTOM_BAR_HEIGHT}px` } : {}),
        }}
      >
        {/* Pages' buttons keep their names on a phone (the app bar's stay icons with labels). */}
        <ButtonsShowNames><SessionGate>{children}</SessionGate></ButtonsShowNames>
      </Layout>
      <MobileBottomBar />
      <HttpFeedback />
    </MobileNavProvider>
  );
};

/**
 * The admin's frame (spec section 2): app bar, sidebar (desktop) or drawer plus bottom icon
 * bar (mobile), and the feedback of failed calls. Pages render inside, once the session is known.
 */
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
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
        // The fixed bottom bar must not cover the end of the page.
        sx={isMobile ? { pb: `${BOTTOM_BAR_HEIGHT}px` } : undefined}
      >
        <SessionGate>{children}</SessionGate>
      </Layout>
      <MobileBottomBar />
      <HttpFeedback />
    </MobileNavProvider>
  );
};

/**
 * State of the mobile navigation: whether the viewport counts as mobile, and
 * the temporary drawer that the app bar and the bottom icon bar open. The drawer remembers the
 * path it was opened on, so any navigation closes it without an effect.
 */
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useIsMobile } from '../theme/useIsMobile';

type MobileNav = {
  readonly isMobile: boolean;
  readonly isDrawerOpen: boolean;
  /** The section the bottom bar asked to show expanded in the drawer. */
  readonly focusedSection: string | null;
  readonly openDrawer: (section?: string) => void;
  readonly closeDrawer: () => void;
};

const MobileNavContext = createContext<MobileNav | null>(null);

export const MobileNavProvider = ({ children }: { children: ReactNode }) => {
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState<{ at: string; section: string | null } | null>(null);

  const openDrawer = useCallback((section?: string) => setOpened({ at: pathname, section: section ?? null }), [pathname]);
  const closeDrawer = useCallback(() => setOpened(null), []);
  const isDrawerOpen = isMobile && opened?.at === pathname;

  const value = useMemo<MobileNav>(() => ({
    isMobile,
    isDrawerOpen,
    focusedSection: isDrawerOpen ? (opened?.section ?? null) : null,
    openDrawer,
    closeDrawer,
  }), [isMobile, isDrawerOpen, opened, openDrawer, closeDrawer]);

  return <MobileNavContext.Provider value={value}>{children}</MobileNavContext.Provider>;
};

export const useMobileNav = (): MobileNav => {
  const value = useContext(MobileNavContext);
  if (!value) throw new Error('useMobileNav must be used inside <MobileNavProvider>');
  return value;
};

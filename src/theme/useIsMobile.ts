/**
 * The mobile rule: narrower than 768 px, or a portrait screen taller
 * than 1.5 times its width. Not an MUI breakpoint, because the height matters too.
 */
import { useSyncExternalStore } from 'react';

const MOBILE_MAX_WIDTH = 768;
const MOBILE_MIN_RATIO = 1.5;

const isMobileViewport = (width: number, height: number): boolean =>
  width < MOBILE_MAX_WIDTH || height / width > MOBILE_MIN_RATIO;

const subscribe = (onChange: () => void): (() => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

const snapshot = (): boolean => isMobileViewport(window.innerWidth, window.innerHeight);

export const useIsMobile = (): boolean => useSyncExternalStore(subscribe, snapshot, () => false);

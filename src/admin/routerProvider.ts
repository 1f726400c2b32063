/**
 * react-admin's router adapter with one change: its `<Routes>` draws again only when the routes it
 * is given describe other elements than last time, since each redraw delays a screen's opening.
 *
 * react-admin's route component draws its `<Routes>` anew, with new elements of the same routes,
 * whenever its own state moves: once after its first draw (it reads its children again into a new
 * state) and when the route guard's `checkAuth` answer comes back. Each such draw gave react-router
 * a new route context, so the layout, the breadcrumb, every link and the open screen drew again
 * (~470 components on a cold order list, twice). Elements equal part by part draw the same thing,
 * so skipping them changes nothing; a location change still draws the routes (react-router's hooks
 * inside read it), and so does any route whose elements or props differ.
 */
import { isValidElement, memo } from 'react';
import { reactRouterProvider, type RouterProvider } from 'react-admin';

/**
 * Whether `a` and `b` describe the same elements: the same value, arrays of the same parts, or
 * elements of the same type and key whose props are the same parts. Other objects and functions
 * count as the same only when identical.
 */
export const sameElements = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((part, i) => sameElements(part, b[i]));
  if (isValidElement(a)) {
    return isValidElement(b) && a.type === b.type && a.key === b.key && sameProps(a.props as Record<string, unknown>, b.props as Record<string, unknown>);
  }
  return false;
};

const sameProps = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameElements(a[key], b[key]));
};

const Routes = memo(reactRouterProvider.Routes, sameProps) as RouterProvider['Routes'];

export const adminRouterProvider: RouterProvider = { ...reactRouterProvider, Routes };

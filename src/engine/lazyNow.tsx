/**
 * A component whose code loads on first use, as with `React.lazy`, but drawn without Suspense:
 * the fallback stands in while the code loads, and the component replaces it as soon as the code
 * is there. React holds back the commit of what replaces a Suspense fallback until 300 ms after
 * that fallback appeared (its throttle against flicker): on a cold open of a list the main thread
 * sat idle ~80 ms between the admin's first render and its commit, and the home figures came
 * ~270 ms later after sign-in (bench:open). A state update commits as soon as it renders.
 *
 * Code already loaded (`preload`, an earlier mount) is drawn on the first pass. A failed load is
 * thrown while drawing, for the nearest error boundary, as `lazy` does; the next mount tries again.
 * Loaded under the public entry too, so it imports React alone.
 */
import { useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';

export type LazyNow<P> = ComponentType<P> & { readonly preload: () => Promise<ComponentType<P>> };

export const lazyNow = <P extends object>(load: () => Promise<ComponentType<P>>, fallback: (props: P) => ReactNode = () => null): LazyNow<P> => {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    }, (error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };

  const Component = (props: P) => {
    // Per mount: a component drawn as the fallback first stays this one component when it loads.
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => loaded);
    const [failure, setFailure] = useState<{ readonly error: unknown } | null>(null);
    // Started while drawing (as `lazy` does), not after the fallback is committed.
    if (!Loaded && !failure) preload().catch(() => undefined);
    useEffect(() => {
      if (Loaded) return undefined;
      let mounted = true;
      preload().then((component) => {
        if (mounted) setLoaded(() => component);
      }, (error: unknown) => {
        if (mounted) setFailure({ error });
      });
      return () => { mounted = false; };
    }, [Loaded]);
    if (failure) throw failure.error;
    return Loaded ? <Loaded {...props} /> : fallback(props);
  };
  return Object.assign(Component, { preload });
};

// Protects: code-split components (src/engine/lazyNow.tsx) are drawn as soon as their code is there, not after React's 300 ms hold-back of a Suspense reveal; loaded code draws at once; a failed load reaches the error boundary and the next mount tries again.
import { act, render, screen } from '@testing-library/react';
import { Component } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyNow } from '../../src/engine/lazyNow';

type Props = { readonly name: string };
const Greeting = ({ name }: Props) => <p>Hello {name}</p>;

/** A load the test settles by hand. */
const manualLoad = () => {
  let settle: { resolve: (c: typeof Greeting) => void; reject: (e: Error) => void } | undefined;
  const load = vi.fn(() => new Promise<typeof Greeting>((resolve, reject) => { settle = { resolve, reject }; }));
  return { load, resolve: () => settle!.resolve(Greeting), reject: (error: Error) => settle!.reject(error) };
};

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) { return { error }; }
  override render() { return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children; }
}

/** Lets React's scheduler run its queued work (setImmediate, never faked here) a few times. */
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('lazyNow', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('draws the fallback (with the props), then the component as soon as its code is there, with no timer', async () => {
    // Outside act, as in a browser: React would hold a Suspense reveal back on a timer (300 ms after
    // the fallback appeared). Timers are stopped, so only a draw that needs none can happen.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const container = document.createElement('div');
    const root = createRoot(container);
    try {
      const { load, resolve } = manualLoad();
      const Lazy = lazyNow(load, ({ name }: Props) => <p>waiting for {name}</p>);
      root.render(<Lazy name="Ada" />);
      await settle();
      expect(container.textContent).toBe('waiting for Ada');
      expect(load).toHaveBeenCalledTimes(1);
      resolve();
      await settle();
      expect(container.textContent).toBe('Hello Ada');
    } finally {
      root.unmount();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('draws code already loaded on the first pass, and loads it once', async () => {
    const { load, resolve } = manualLoad();
    const Lazy = lazyNow(load, () => <p>waiting</p>);
    const preloaded = Lazy.preload();
    resolve();
    await preloaded;
    render(<><Lazy name="Bo" /><Lazy name="Cy" /></>);
    expect(screen.getByText('Hello Bo')).toBeTruthy();
    expect(screen.getByText('Hello Cy')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands a failed load to the error boundary; the next mount loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = manualLoad();
    let attempt = 0;
    const second = manualLoad();
    const Lazy = lazyNow(() => (attempt++ === 0 ? first.load() : second.load()), () => <p>waiting</p>);
    const { unmount } = render(<Boundary><Lazy name="Di" /></Boundary>);
    await act(async () => { first.reject(new Error('chunk gone')); await Promise.resolve(); });
    expect(screen.getByText('failed: chunk gone')).toBeTruthy();
    unmount();
    render(<Boundary><Lazy name="Di" /></Boundary>);
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => { second.resolve(); await Promise.resolve(); });
    expect(screen.getByText('Hello Di')).toBeTruthy();
  });
});

// Protects: react-admin's route component draws its routes again, with new elements of the same
// routes, when its own state moves while a screen opens; the admin's router adapter
// (src/admin/routerProvider.ts) draws them again only when the routes differ, and a
// navigation or a changed route still draws.
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Route, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminRouterProvider, sameElements } from '../../src/admin/routerProvider';

const { Routes } = adminRouterProvider;

let draws = 0;
const Screen = ({ name }: { readonly name: string }) => {
  draws += 1;
  return <p>screen {name}</p>;
};

let bump: (label: string) => void = () => undefined;
let go: (path: string) => Promise<void> | void = () => undefined;
/** Draws its routes anew at every state change, as react-admin's route component does. */
const Owner = () => {
  const [label, setLabel] = useState('a');
  bump = setLabel;
  go = useNavigate();
  return (
    <Routes>
      <Route path="/one" element={<Screen name={label === 'changed' ? 'changed' : 'one'} />} />
      <Route path="/two" element={<Screen name="two" />} />
    </Routes>
  );
};

describe("the admin's routes", () => {
  it('are drawn again only when they differ or the location moves', async () => {
    draws = 0;
    const router = createMemoryRouter([{ path: '*', element: <Owner /> }], { initialEntries: ['/one'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('screen one')).toBeInTheDocument();
    const first = draws;

    act(() => bump('b')); // new elements, the same routes
    expect(draws).toBe(first);

    act(() => bump('changed')); // a route's element differs
    expect(screen.getByText('screen changed')).toBeInTheDocument();
    expect(draws).toBe(first + 1);

    // A data router navigates asynchronously.
    await act(async () => { await go('/two'); });
    expect(await screen.findByText('screen two')).toBeInTheDocument();
  });

  it('compare elements part by part', () => {
    const onClick = () => undefined;
    expect(sameElements(<Route path="/a" element={<Screen name="a" />} />, <Route path="/a" element={<Screen name="a" />} />)).toBe(true);
    expect(sameElements([<p key="1" onClick={onClick}>x</p>, null], [<p key="1" onClick={onClick}>x</p>, null])).toBe(true);
    expect(sameElements(<Route path="/a" />, <Route path="/b" />)).toBe(false);
    expect(sameElements(<p key="1">x</p>, <p key="2">x</p>)).toBe(false);
    expect(sameElements(<p>x</p>, <span>x</span>)).toBe(false);
    expect(sameElements(<p onClick={onClick} />, <p onClick={() => undefined} />)).toBe(false);
    // Other objects count only when identical: their contents may be read anywhere.
    expect(sameElements(<p style={{ color: 'red' }} />, <p style={{ color: 'red' }} />)).toBe(false);
    expect(sameElements([1, 2], [1, 2, 3])).toBe(false);
  });
});

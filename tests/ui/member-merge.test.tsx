// Protects: merging members from the member list (src/resources/member/MergeMembers.tsx): the list reads mall's `GET /admin/listMember`; "Merge" asks for exactly two selected members, shows both side by side, sends `POST /member/merge?keepId=&mergeId=` with the member chosen to survive, and says how many orders moved only after the server agreed; a refusal keeps the dialog open.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { envelope, page, renderAt, serve } from './entity-harness';

const MEMBERS = [
  { id: 11, username: 'lily88', nickname: 'Lily', realName: '林莉', mobile: '13800138001', companyName: 'Lily Florist Studio', country: 'China', shopId: 1, shopName: 'Sunrise', applyStatus: 1, createTime: '2026-09-01T08:00:00.000Z' },
  { id: 12, username: 'lily_88', nickname: 'Lily L.', realName: '林莉', mobile: '13800138001', companyName: null, country: 'China', shopId: 1, shopName: 'Sunrise', applyStatus: 1, createTime: '2026-10-01T08:00:00.000Z' },
];

const serveMembers = () => {
  // The list's filters look shops and levels up.
  serve('get', '/shop/listAll', () => envelope([{ id: 1, shopName: 'Sunrise' }]));
  serve('get', '/memberLevel/list', () => envelope(page([{ id: 1, name: 'Gold' }])));
  return serve('get', '/admin/listMember', ({ query }) => {
    const ids = query.get('ids')?.split(',').map(Number);
    return envelope(page(ids ? MEMBERS.filter((m) => ids.includes(m.id)) : MEMBERS));
  });
};

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('member merge', () => {
  it('asks for exactly two members', async () => {
    serveMembers();
    renderAt('/member/memberList', { lang: 'en' });
    await userEvent.click(within(await rowOf('lily88')).getByRole('checkbox'));
    await userEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Select exactly two members to merge')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows both side by side and merges into the one chosen', async () => {
    serveMembers();
    const merges = serve('post', '/member/merge', () => envelope({ keepId: 12, mergeId: 11, movedOrders: 3 }));
    renderAt('/member/memberList', { lang: 'en' });
    await userEvent.click(within(await rowOf('lily88')).getByRole('checkbox'));
    await userEvent.click(within(await rowOf('lily_88')).getByRole('checkbox'));
    await userEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge two members' });
    expect(await within(dialog).findByText('Lily Florist Studio')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Merge' });
    expect(confirm).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Keep lily_88' }));
    await userEvent.click(confirm);
    expect(await screen.findByText('Members merged; 3 orders moved')).toBeInTheDocument();
    expect(merges).toHaveLength(1);
    expect(merges[0]!.query.get('keepId')).toBe('12');
    expect(merges[0]!.query.get('mergeId')).toBe('11');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open when the server refuses', async () => {
    serveMembers();
    serve('post', '/member/merge', () => HttpResponse.json(
      { code: 400, message: 'Only members of the same shop can be merged', data: null, errors: [{ field: 'mergeId', messageKey: 'merge_other_shop', message: 'Only members of the same shop can be merged' }] },
      { status: 400 },
    ));
    renderAt('/member/memberList', { lang: 'en', feedback: true });
    await userEvent.click(within(await rowOf('lily88')).getByRole('checkbox'));
    await userEvent.click(within(await rowOf('lily_88')).getByRole('checkbox'));
    await userEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge two members' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Keep lily88' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText(/Only members of the same shop can be merged/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Merge two members' })).toBeInTheDocument();
  });
});

/**
 * What a seller is told by mail about a VIP application (a pay record): confirmed (the VIP runs to
 * a new date) or refunded (the months it granted are taken back), in the seller's language, put in
 * the outbox in the transition's transaction (server/jobs/outbox.ts). A seller without an email
 * gets nothing.
 */
import type { Db } from '../../crud/hooks';
import { defineMailTemplates, enqueueMail, mailLanguageOf } from '../../jobs/outbox';

export const VIP_MAIL = defineMailTemplates({
  confirmed: {
    en: { subject: 'Your VIP payment is confirmed', text: 'Hello {name},\n\nyour payment of {currency} {amount} (application {id}) is confirmed. Your VIP now runs until {expiry} (UTC).' },
    zh: { subject: '您的 VIP 付款已确认', text: '{name}，您好：\n\n您的付款 {currency} {amount}（申请 {id}）已确认。您的 VIP 有效期至 {expiry}（UTC）。' },
  },
  refunded: {
    en: { subject: 'Your VIP payment was refunded', text: 'Hello {name},\n\nyour payment of {currency} {amount} (application {id}) was refunded, and the months it granted were taken back. Your VIP now runs until {expiry} (UTC).' },
    zh: { subject: '您的 VIP 付款已退款', text: '{name}，您好：\n\n您的付款 {currency} {amount}（申请 {id}）已退款，其对应的 VIP 时长已收回。您的 VIP 有效期至 {expiry}（UTC）。' },
  },
  // A refund that leaves no VIP time.
  refundedEnded: {
    en: { subject: 'Your VIP payment was refunded', text: 'Hello {name},\n\nyour payment of {currency} {amount} (application {id}) was refunded, and the months it granted were taken back. Your VIP has ended.' },
    zh: { subject: '您的 VIP 付款已退款', text: '{name}，您好：\n\n您的付款 {currency} {amount}（申请 {id}）已退款，其对应的 VIP 时长已收回。您的 VIP 已结束。' },
  },
});

/** Puts the seller's mail about the application in the outbox, through `trx`. */
export const mailSeller = async (
  trx: Db, record: { id: number; sellerId: number | null; amount: number | null }, result: 'confirmed' | 'refunded', currency: string,
): Promise<void> => {
  if (record.sellerId === null) return;
  const seller = await trx.selectFrom('ums_admin').select(['username', 'nick_name', 'email', 'language', 'vip_expire_time'])
    .where('id', '=', record.sellerId).executeTakeFirst();
  if (!seller?.email) return;
  const expiry = seller.vip_expire_time;
  const ended = !expiry || new Date(expiry).getTime() <= Date.now();
  await enqueueMail(trx, {
    to: seller.email, language: mailLanguageOf(seller.language), template: VIP_MAIL[result === 'refunded' && ended ? 'refundedEnded' : result],
    params: {
      name: seller.nick_name || seller.username, id: record.id, amount: (record.amount ?? 0).toFixed(2), currency,
      expiry: expiry ? expiry.slice(0, 16).replace('T', ' ') : '-',
    },
    topic: { name: 'payRecord', id: record.id },
  });
};

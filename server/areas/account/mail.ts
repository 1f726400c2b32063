/**
 * What an account is told by mail about itself: its password changed (by its owner, signed in).
 * Put in the outbox in the change's transaction (server/jobs/outbox.ts), in the account's
 * language; an account without an email gets nothing.
 */
import type { Db } from '../../crud/hooks';
import { defineMailTemplates, enqueueMail, mailLanguageOf } from '../../jobs/outbox';

export const ACCOUNT_MAIL = defineMailTemplates({
  passwordChanged: {
    en: {
      subject: 'Your password was changed',
      text: 'Hello {name},\n\nthe password of your account {username} was changed at {time} (UTC) from {ip}, and every other session was signed out.\nIf this was not you, ask an administrator to lock the account at once.',
    },
    zh: {
      subject: '您的密码已修改',
      text: '{name}，您好：\n\n您的账号 {username} 的密码已于 {time}（UTC）从 {ip} 修改，其他登录会话均已退出。\n如果这不是您本人的操作，请立即联系管理员锁定账号。',
    },
  },
});

/** Puts the "password changed" mail of the account in the outbox, through `trx`. */
export const mailPasswordChanged = async (trx: Db, adminId: number, at: Date, ip: string | null): Promise<void> => {
  const account = await trx.selectFrom('ums_admin').select(['username', 'nick_name', 'email', 'language']).where('id', '=', adminId).executeTakeFirst();
  if (!account?.email) return;
  await enqueueMail(trx, {
    to: account.email, language: mailLanguageOf(account.language), template: ACCOUNT_MAIL.passwordChanged,
    params: { name: account.nick_name || account.username, username: account.username, time: at.toISOString().slice(0, 16).replace('T', ' '), ip: ip ?? '-' },
    topic: { name: 'admin', id: adminId },
  });
};

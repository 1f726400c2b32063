/**
 * Draws what `httpClient` reports: a 3-second error toast per failed call, and
 * the one "log in again" dialog for code 401, never two at once. Mounted once by the layout.
 */
import { useEffect, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { browserPage } from '../providers/browserPage';
import { endSession } from '../providers/authProvider';
import { setHttpFeedback } from '../providers/httpClient';
import { apiErrorText } from './apiErrorText';

const TOAST_MS = 3000;

export const HttpFeedback = () => {
  const notify = useNotify();
  const translate = useTranslate();
  const [isLogoutOpen, setLogoutOpen] = useState(false);

  useEffect(() => setHttpFeedback({
    showError: (error) => {
      const text = apiErrorText(error, translate);
      // `_` makes the toast show the text as it is: it is already translated, not a message key.
      notify(text, { type: 'error', autoHideDuration: TOAST_MS, messageArgs: { _: text } });
    },
    confirmLogout: () => setLogoutOpen(true),
  }), [notify, translate]);

  return (
    <Confirm
      isOpen={isLogoutOpen}
      title="app.logout_dialog.title"
      content="app.logout_dialog.content"
      confirm="app.logout_dialog.confirm"
      cancel="app.logout_dialog.cancel"
      onConfirm={() => {
        endSession();
        // The reload finds no token and lands on /login, which brings the user back here.
        browserPage.reload();
      }}
      onClose={() => setLogoutOpen(false)}
    />
  );
};

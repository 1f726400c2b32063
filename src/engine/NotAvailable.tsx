/** What a screen shows when its URL lacks what it needs (no `?id=`, no parent). */
import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';

export const NotAvailable = ({ message = 'entity.not_available' }: { readonly message?: string }) => {
  const translate = useTranslate();
  return <Alert severity="info" sx={{ m: 2 }}>{translate(message)}</Alert>;
};

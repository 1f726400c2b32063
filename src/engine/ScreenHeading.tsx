/**
 * The title of an entity screen: the route's name from the route table (`menu.<route>`), as the
 * sidebar and the breadcrumb name it, in the page's one `h1`.
 */
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import { PageTitle } from '../theme/PageTitle';

export const ScreenHeading = ({ route }: { readonly route: string }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ pt: 2, px: { xs: 1, sm: 2 } }}>
      <PageTitle>{translate(`menu.${route}`, { _: route })}</PageTitle>
    </Box>
  );
};

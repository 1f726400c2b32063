/** The common frame of a simple page: a heading with the page's title and a card below it. */
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { PageTitle } from '../theme/PageTitle';

export const PageFrame = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ py: 2, px: { xs: 1, sm: 2 } }}>
    <PageTitle>{title}</PageTitle>
    {children}
  </Box>
);

/** The common frame of a simple page: a heading with the page's title and a card below it. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export const PageFrame = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ py: 2, px: { xs: 1, sm: 2 } }}>
    <Typography variant="h5" component="h1" gutterBottom>{title}</Typography>
    {children}
  </Box>
);

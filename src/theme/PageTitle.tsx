/** A page's title: the one `h1` of every screen, in the same place and style (pages and the entity engine). */
import Typography from '@mui/material/Typography';

export const PageTitle = ({ children }: { readonly children: string }) => (
  <Typography variant="h5" component="h1" gutterBottom>{children}</Typography>
);

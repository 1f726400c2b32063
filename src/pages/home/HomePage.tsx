/**
 * /home: who is signed in (avatar, username, roles), the figures the caller may see (the home
 * area's dashboard: today, pending work, overviews, charts, a new seller's first steps), and a
 * shortcut card per section their menus grant, leading to the section's first page.
 */
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { useAdminSession } from '../../providers/useAdminSession';
import { builtinText, menuTitleText } from '../../i18n/builtins';
import { MenuIcon } from '../../layout/icons';
import { initialsOf } from '../../layout/AdminUserMenu';
import type { MenuSection } from '../../providers/menus';
import { HomeDashboard } from '../../resources/home/HomeDashboard';
import { PageFrame } from '../../ui/PageFrame';

const SectionCard = ({ section }: { section: MenuSection }) => {
  const translate = useTranslate();
  const title = menuTitleText(translate, section.name, section.serverTitle);
  const first = section.children[0];
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={Link}
        to={first?.path ?? '/home'}
        aria-label={translate('app.home.open_section', { name: title })}
        sx={{ height: '100%' }}
      >
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar variant="rounded" sx={{ bgcolor: 'primary.main' }}>
              <MenuIcon name={section.icon} fallback={section.iconFallback} />
            </Avatar>
            <div>
              <Typography variant="subtitle1" component="h3">{title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {section.children.map((page) => menuTitleText(translate, page.name, page.serverTitle)).join(' · ')}
              </Typography>
            </div>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};

export const HomePage = () => {
  const translate = useTranslate();
  const { session } = useAdminSession();
  if (!session) return null;

  return (
    <PageFrame title={translate('menu.home')}>
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar src={session.icon ?? undefined} alt={session.username} sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>
              {initialsOf(session.username)}
            </Avatar>
            <div>
              <Typography variant="h6" component="h2">{translate('app.home.welcome', { name: session.username })}</Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                <Typography variant="body2" color="text.secondary">{translate('app.home.roles')}</Typography>
                {session.roles.map((role) => <Chip key={role} label={builtinText(translate, 'role', { name: role }, 'name')} size="small" />)}
              </Stack>
            </div>
          </Stack>
        </CardContent>
      </Card>

      <HomeDashboard />

      <Typography variant="h6" component="h2" gutterBottom>{translate('app.home.shortcuts')}</Typography>
      {session.model.sections.length === 0 ? (
        <Typography color="text.secondary">{translate('app.home.no_sections')}</Typography>
      ) : (
        <Grid container spacing={2}>
          {session.model.sections.map((section) => (
            <Grid key={section.name} size={{ xs: 12, sm: 6, lg: 4 }}>
              <SectionCard section={section} />
            </Grid>
          ))}
        </Grid>
      )}
    </PageFrame>
  );
};

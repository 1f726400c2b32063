/**
 * The user menu of the app bar (home and logout, plus one's own profile and
 * password) with the user's avatar: the icon `/admin/info` gives, else the initials of the name.
 */
import HomeIcon from '@mui/icons-material/Home';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { UserMenu, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router';
import { logoutAndReload } from '../providers/authProvider';
import { lazyNow } from '../engine/lazyNow';
import { ChangePasswordDialog } from './ChangePasswordDialog';

// With the engine's inputs (avatar picker): fetched when first opened, not with the shell.
const ProfileDialog = lazyNow(() => import('./ProfileDialog').then((m) => m.default));

/** Up to two letters: the initials of a "first last" name, else the first two characters. */
export const initialsOf = (name: string): string => {
  const words = name.trim().split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase();
};

const UserAvatar = ({ size = 32 }: { size?: number }) => {
  const { identity } = useGetIdentity();
  const name = identity?.fullName ?? '';
  const sx = { width: size, height: size, fontSize: size * 0.42, bgcolor: 'primary.main', color: 'primary.contrastText' };
  return identity?.avatar
    ? <Avatar src={identity.avatar} alt={name} sx={sx} />
    : <Avatar alt={name} sx={sx}>{initialsOf(name)}</Avatar>;
};

const HomeMenuItem = () => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to="/home" onClick={() => userMenu?.onClose()}>
      <ListItemIcon><HomeIcon fontSize="small" /></ListItemIcon>
      <ListItemText>{translate('app.user_menu.home')}</ListItemText>
    </MenuItem>
  );
};

// Not react-admin's <Logout/>: that one also wipes the preference store (the sidebar state),
// which stays across sessions; ours tells the server and reloads.
const LogoutMenuItem = () => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem onClick={() => { userMenu?.onClose(); void logoutAndReload(); }}>
      <ListItemIcon><LogoutIcon fontSize="small" /></ListItemIcon>
      <ListItemText>{translate('app.user_menu.logout')}</ListItemText>
    </MenuItem>
  );
};

const DialogMenuItem = ({ icon, label, onOpen }: { readonly icon: ReactNode; readonly label: string; readonly onOpen: () => void }) => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem onClick={() => { userMenu?.onClose(); onOpen(); }}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
};

export const AdminUserMenu = () => {
  // The dialog lives outside the menu, which unmounts its items when it closes.
  const [changing, setChanging] = useState(false);
  const [editing, setEditing] = useState(false);
  return (
    <>
      <UserMenu icon={<UserAvatar />}>
        <HomeMenuItem />
        <DialogMenuItem icon={<PersonIcon fontSize="small" />} label="app.profile.title" onOpen={() => setEditing(true)} />
        <DialogMenuItem icon={<KeyIcon fontSize="small" />} label="app.password.title" onOpen={() => setChanging(true)} />
        <LogoutMenuItem />
      </UserMenu>
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
      {editing && <ProfileDialog onClose={() => setEditing(false)} />}
    </>
  );
};

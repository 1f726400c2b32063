/**
 * The sidebar menu, drawn from the sections the server's menus grant (src/providers/menus.ts).
 * Open sidebar (and the mobile drawer): sections fold out in place. Collapsed desktop sidebar:
 * icons only, and hovering a section opens its pages in a flyout after 200 ms.
 */
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Tooltip from '@mui/material/Tooltip';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useSidebarState, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router';
import { useAdminSession } from '../providers/useAdminSession';
import { menuTitleText } from '../i18n/builtins';
import { SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH } from '../theme/muiTheme';
import type { MenuEntry, MenuSection } from '../providers/menus';
import { MenuIcon } from './icons';
import { useMobileNav } from './MobileNav';
import { matchPath } from './routeLookup';

/** The collapsed sidebar waits this long before showing a section's pages, so passing over it opens nothing. */
const FLYOUT_DELAY_MS = 200;

// Narrower than react-admin's 56 px icon column: page titles like "Product categories" then fit on one line.
const ICON_SX = { minWidth: 40 } as const;
// A fixed width: react-admin's sidebar wraps the menu in a fixed-position box that would otherwise
// shrink to the text. Made once each: a new object per render is new styles for emotion to serialise.
const MENU_SX = { pt: 1, width: SIDEBAR_WIDTH } as const;
const MENU_SX_COLLAPSED = { pt: 1, width: SIDEBAR_CLOSED_WIDTH } as const;
const NESTED_SX = { pl: 4 } as const;

// Home has no menu row on the server, so no server title: an empty one makes menuTitleText read `menu.home`
// in the chosen language (a title here would be taken for a renamed record and shown as typed, in English).
const HOME: MenuEntry = { name: 'home', path: '/home', icon: 'home', iconFallback: 'home', serverTitle: '', sort: 0 };

const useEntryTitle = () => {
  const translate = useTranslate();
  return (entry: MenuEntry): string => menuTitleText(translate, entry.name, entry.serverTitle);
};

/*
 * The menu's rows are memoised with props that stay the same while a screen opens: the menu itself
 * is drawn again each time react-admin's routes settle (its session hook reads the router's route
 * context, which every such pass renews), and without memo every row and its MUI parts were drawn
 * again with it, twice per cold open. The rows' links still follow the route themselves.
 */
const PageLink = memo(({ entry, isActive, isNested, isCollapsed, onNavigate }: {
  entry: MenuEntry; isActive: boolean; isNested?: boolean; isCollapsed?: boolean; onNavigate: () => void;
}) => {
  const title = useEntryTitle()(entry);
  const button = (
    <ListItemButton
      component={Link}
      to={entry.path}
      selected={isActive}
      aria-current={isActive ? 'page' : undefined}
      aria-label={isCollapsed ? title : undefined}
      onClick={onNavigate}
      sx={isNested ? NESTED_SX : undefined}
    >
      <ListItemIcon sx={ICON_SX}><MenuIcon name={entry.icon} fallback={entry.iconFallback} fontSize="small" /></ListItemIcon>
      {!isCollapsed && <ListItemText primary={title} />}
    </ListItemButton>
  );
  return isCollapsed ? <Tooltip title={title} placement="right">{button}</Tooltip> : button;
});

const ExpandableSection = memo(({ section, isOpen, onToggle, activePage, onNavigate }: {
  section: MenuSection; isOpen: boolean; onToggle: (section: string) => void; activePage?: string; onNavigate: () => void;
}) => {
  const title = useEntryTitle()(section);
  return (
    <>
      <ListItemButton onClick={() => onToggle(section.name)} aria-expanded={isOpen}>
        <ListItemIcon sx={ICON_SX}><MenuIcon name={section.icon} fallback={section.iconFallback} fontSize="small" /></ListItemIcon>
        <ListItemText primary={title} />
        {isOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={isOpen} timeout="auto" unmountOnExit>
        <List disablePadding aria-label={title}>
          {section.children.map((page) => (
            <PageLink key={page.name} entry={page} isActive={page.name === activePage} isNested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
});

const FlyoutSection = memo(({ section, isActive, activePage }: { section: MenuSection; isActive: boolean; activePage?: string }) => {
  const entryTitle = useEntryTitle();
  const title = entryTitle(section);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isOpen, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = () => clearTimeout(timer.current);
  // Both opening and closing wait, so passing the pointer over the icons or across the gap to the flyout does not flicker.
  const schedule = (next: boolean) => {
    cancel();
    timer.current = setTimeout(() => setOpen(next), FLYOUT_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div onMouseEnter={() => schedule(true)} onMouseLeave={() => schedule(false)}>
      <ListItemButton
        ref={setAnchor}
        selected={isActive}
        aria-label={title}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        // Touch and keyboard have no hover: a press opens the flyout at once.
        onClick={() => { cancel(); setOpen((open) => !open); }}
      >
        <ListItemIcon><MenuIcon name={section.icon} fallback={section.iconFallback} fontSize="small" /></ListItemIcon>
      </ListItemButton>
      <Popper open={isOpen && anchor !== null} anchorEl={anchor} placement="right-start" sx={{ zIndex: (theme) => theme.zIndex.modal }}>
        <Paper elevation={8} onMouseEnter={cancel} onMouseLeave={() => schedule(false)}>
          <MenuList aria-label={title} dense subheader={<ListSubheader>{title}</ListSubheader>}>
            {section.children.map((page) => (
              <MenuItem
                key={page.name}
                component={Link}
                to={page.path}
                selected={page.name === activePage}
                onClick={() => { cancel(); setOpen(false); }}
              >
                <ListItemIcon><MenuIcon name={page.icon} fallback={page.iconFallback} fontSize="small" /></ListItemIcon>
                <ListItemText primary={entryTitle(page)} />
              </MenuItem>
            ))}
          </MenuList>
        </Paper>
      </Popper>
    </div>
  );
});

/** A section not folded or unfolded by hand is open when it holds the page shown or the bottom bar chose it. */
const opensByDefault = (name: string, current: string | undefined, focused: string | null): boolean => name === current || name === focused;

export const SectionMenu = () => {
  const translate = useTranslate();
  const { session } = useAdminSession();
  const [isSidebarOpen] = useSidebarState();
  const { isMobile, focusedSection, closeDrawer } = useMobileNav();
  const { pathname } = useLocation();
  const { route, section: current } = matchPath(pathname);
  // Sections the user folded or unfolded; the others follow the page shown (and the bottom bar's choice).
  const [toggled, setToggled] = useState<Record<string, boolean>>({});

  const isCollapsed = !isMobile && !isSidebarOpen;
  const sections = session?.model.sections ?? [];
  const activePage = route?.name;
  const currentName = current?.name;
  // The same function while the page and the drawer's choice stay: the memoised rows keep their props.
  const onToggle = useCallback((name: string) => setToggled((previous) => ({
    ...previous,
    [name]: !(previous[name] ?? opensByDefault(name, currentName, focusedSection)),
  })), [currentName, focusedSection]);

  return (
    <List component="nav" aria-label={translate('app.sidebar.label')} sx={isCollapsed ? MENU_SX_COLLAPSED : MENU_SX}>
      <PageLink entry={HOME} isActive={activePage === 'home'} isCollapsed={isCollapsed} onNavigate={closeDrawer} />
      {sections.map((section) => isCollapsed ? (
        <FlyoutSection key={section.name} section={section} isActive={section.name === currentName} activePage={activePage} />
      ) : (
        <ExpandableSection
          key={section.name}
          section={section}
          isOpen={toggled[section.name] ?? opensByDefault(section.name, currentName, focusedSection)}
          onToggle={onToggle}
          activePage={activePage}
          onNavigate={closeDrawer}
        />
      ))}
    </List>
  );
};

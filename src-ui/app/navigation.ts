/**
 * Who may open what, and where each kind of user is sent (behaviour §1, 2, 6), as one table. Routes
 * declare their access with these levels; the top bar, the buttons of the home screens and the
 * sign-in redirect read the same table, so a limited user is never shown a way to a screen the
 * server refuses them.
 */

import { msg } from '../../shared/i18n/translate.js';
import type { Access } from '../../shared/rules/access.js';

export type { Access };

interface Viewer {
  full_feature_access: boolean;
  is_staff: boolean;
}

/** `full` on a screen is full_feature_access alone, as the specification has it (shared/rules/access.ts). */
export function mayOpen(access: Access, user: Viewer | null | undefined): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  if (access === 'staff') return user.is_staff;
  return access === 'user' || user.full_feature_access;
}

interface NavEntry {
  href: string;
  /** English, marked for the catalogue: the drawing code says it with t(label). */
  label: string;
  access: Access;
  /** Shown only to visitors (Login). */
  visitorsOnly?: boolean;
  /** Shown only while no other entry of the same slot is (WorkOrder Home stands in for Home). */
  slot?: 'home';
}

/** Homes, best first: the first one a user may open is where they land and their top-bar Home link. */
const FULL_HOME: NavEntry = { href: '/home', label: msg('Home'), access: 'full', slot: 'home' };
const HOMES: NavEntry[] = [
  FULL_HOME,
  { href: '/workorder-home', label: msg('WorkOrder Home'), access: 'user', slot: 'home' },
];

const TOP_BAR: NavEntry[] = [
  ...HOMES,
  { href: '/about', label: msg('About'), access: 'public' },
  { href: '/contact', label: msg('Contact'), access: 'user' },
  // Contact messages are reached from the Users screen: the bar stays short on a phone.
  { href: '/admin/users', label: msg('Users'), access: 'staff' },
  { href: '/login', label: msg('Login'), access: 'public', visitorsOnly: true },
];

/** Where a signed-in user lands after login (behaviour §1: full access → /home, limited → /workorder-home). */
export function homeFor(user: Viewer): string {
  const home = HOMES.find((entry) => mayOpen(entry.access, user));
  return home ? home.href : '/';
}

/** The top bar's links for a visitor (user null) or a signed-in user (behaviour §2). */
export function topBarLinks(user: Viewer | null | undefined): { href: string; label: string }[] {
  const home = user ? homeFor(user) : null;
  return TOP_BAR.filter((entry) => {
    if (entry.visitorsOnly) return !user;
    if (entry.access !== 'public' && !user) return false;
    if (entry.slot === 'home') return entry.href === home;
    return mayOpen(entry.access, user);
  }).map(({ href, label }) => ({ href, label }));
}

/** A button of a home screen of buttons (behaviour §2: /home, /inventory-home, /workorder-home). */
export interface HubButton {
  href: string;
  /** English, marked for the catalogue: the drawing code says it with t(label). */
  label: string;
  icon: string;
  /** Who may open where it leads (the route's own access): the button shows to them only. */
  access: Access;
  /** A way back (Home) rather than into the area. */
  outlined?: boolean;
}

/** An area's Home button, back to /home: only for those who may open /home (behaviour §2, 6). */
const HOME_BUTTON: HubButton = { href: FULL_HOME.href, label: FULL_HOME.label, icon: 'pi pi-home', access: FULL_HOME.access, outlined: true };

export type HubName = 'home' | 'inventory' | 'workorders';

/**
 * The buttons of the home screens, in order. Vendors on the inventory home is one button more than
 * behaviour §2 lists: the spec gives vendors their routes but no screen of its own leads there (/home has
 * its four buttons), so without it they could only be opened by typing the address.
 */
export const HUBS: Record<HubName, readonly HubButton[]> = {
  home: [
    { href: '/inventory-home', label: msg('Inventory'), icon: 'pi pi-box', access: 'full' },
    { href: '/location-list', label: msg('Locations'), icon: 'pi pi-map-marker', access: 'full' },
    { href: '/maintenance-list', label: msg('Preventative Maintenance'), icon: 'pi pi-calendar', access: 'full' },
    { href: '/workorder-home', label: msg('Work Orders'), icon: 'pi pi-wrench', access: 'user' },
  ],
  inventory: [
    { href: '/asset-list', label: msg('Assets'), icon: 'pi pi-box', access: 'full' },
    { href: '/chemical-list', label: msg('Chemicals'), icon: 'pi pi-filter', access: 'full' },
    { href: '/part-list', label: msg('Parts'), icon: 'pi pi-cog', access: 'full' },
    { href: '/vendor-list', label: msg('Vendors'), icon: 'pi pi-truck', access: 'full' },
    HOME_BUTTON,
  ],
  workorders: [
    { href: '/workorder-create', label: msg('Create Work Order'), icon: 'pi pi-plus', access: 'user' },
    { href: '/workorder-list', label: msg('Active Work Orders'), icon: 'pi pi-list', access: 'user' },
    HOME_BUTTON,
  ],
};

/**
 * Plain links under a home screen's buttons, for screens that are not in the spec (its buttons stay
 * as they are): each user's mail notifications, from both homes users land on.
 */
const NOTIFICATIONS_LINK: NavEntry = { href: '/notifications', label: msg('Mail notifications'), access: 'user' };
export const HUB_LINKS: Record<HubName, readonly NavEntry[]> = {
  home: [NOTIFICATIONS_LINK],
  inventory: [],
  workorders: [NOTIFICATIONS_LINK],
};

/** The plain links under a home screen that `user` may follow. */
export function hubLinks(hub: HubName, user: Viewer | null | undefined): { href: string; label: string }[] {
  return HUB_LINKS[hub].filter((link) => mayOpen(link.access, user)).map(({ href, label }) => ({ href, label }));
}

/** The buttons of a home screen that `user` may follow. */
export function hubButtons(hub: HubName, user: Viewer | null | undefined): HubButton[] {
  return HUBS[hub].filter((button) => mayOpen(button.access, user));
}

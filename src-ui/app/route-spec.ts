/**
 * What a route is: a path, the screen it shows and who may open it. Each screens folder declares
 * its own routes in `screens/<area>/routes.ts` (found by app/routes.tsx), so adding an area adds
 * its screens and their routes without editing a central list.
 */
import { lazy, type ComponentType } from 'react';
import type { Access } from './navigation';

export type Params = Record<string, string | undefined>;

export interface RouteSpec {
  path: string;
  component: ComponentType<{ params: Params }>;
  /** Who may open it: others go to /login (visitors) or to their own home (limited users). */
  access: Access;
}

/**
 * A screen loaded on first use, so the first screen needs only the shell's script. Every chunk is
 * in the service worker's precache, so this works offline too.
 */
export function screen<K extends string>(load: () => Promise<Record<K, ComponentType<{ params: Params }>>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

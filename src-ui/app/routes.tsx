/// <reference types="vite/client" />
/**
 * The route table (behaviour §2), gathered from each screens folder's `routes.ts` rather than listed
 * here; each route declares who may open it (app/navigation.ts).
 */
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Loading } from '../components/Loading';
import { RequireAccess } from '../components/RequireAccess';
import { NotFoundPage } from '../screens/public/NotFoundPage';
import type { Params, RouteSpec } from './route-spec';

const found = import.meta.glob<RouteSpec[]>('../screens/*/routes.ts', { eager: true, import: 'routes' });

/** Every area's routes; one path declared twice is a mistake the build should not hide. */
export function gatherRoutes(groups: readonly RouteSpec[][]): RouteSpec[] {
  const all = groups.flat();
  const seen = new Set<string>();
  for (const { path } of all) {
    if (seen.has(path)) throw new Error(`route ${path} is declared twice`);
    seen.add(path);
  }
  return all;
}

export const ROUTES: RouteSpec[] = gatherRoutes(Object.values(found));

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        {ROUTES.map(({ path, component: Page, access }) => (
          <Route key={path} path={path}>
            {(params: Params) => (
              <RequireAccess access={access}>
                <Page params={params} />
              </RequireAccess>
            )}
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/** Route guard: without a signed-in user the page goes to /login (spec 2). */
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useSnapshot } from 'valtio';
import { store } from '../state/store';
import { Loading } from './Loading';

export function RequireUser({ children }: { children: ReactNode }) {
  const status = useSnapshot(store).session.status;
  if (status === 'unknown') return <Loading />;
  if (status !== 'signed-in') return <Redirect to="/login" replace />;
  return <>{children}</>;
}

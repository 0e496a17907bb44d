/**
 * Route guard by the route's declared access (behaviour §2, 6): without a signed-in user the page goes to
 * /login; a signed-in user without the access goes to their own home, so no screen opens whose
 * calls the server would refuse.
 */
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useSnapshot } from 'valtio';
import { homeFor, mayOpen, type Access } from '../app/navigation';
import { store } from '../state/store';
import { Loading } from './Loading';

export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSnapshot(store).session;
  if (access === 'public') return <>{children}</>;
  if (session.status === 'unknown') return <Loading />;
  if (session.status !== 'signed-in' || !session.user) return <Redirect to="/login" replace />;
  if (!mayOpen(access, session.user)) return <Redirect to={homeFor(session.user)} replace />;
  return <>{children}</>;
}

/**
 * A label opened before signing in (/scan/{code} kept its code and sent the visitor to /login)
 * opens once the user is signed in and has left the sign-in page for their home, as sign-in does
 * (behaviour §4 Auth: login redirects by role). Renders nothing; lives in the shell because the
 * scanner's screens are not loaded until then.
 */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { hasPendingScan, scanCodePath, takePendingScan } from '../screens/scan/scan-target';
import { store } from '../state/store';

export function PendingScan() {
  const signedIn = useSnapshot(store).session.status === 'signed-in';
  const [path, navigate] = useLocation();
  useEffect(() => {
    if (!signedIn || path === '/login' || !hasPendingScan()) return;
    const code = takePendingScan();
    if (code) navigate(scanCodePath(code));
  }, [signedIn, path, navigate]);
  return null;
}

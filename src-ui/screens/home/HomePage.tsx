/** Home for full-access users (behaviour §2): its four buttons from the navigation table, then the key figures. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { msg } from '../../../shared/i18n/translate';
import { mayOpen } from '../../app/navigation';
import { LinkButton } from '../../components/LinkButton';
import { useT } from '../../i18n/language';
import { HubScreen } from '../../kit/HubScreen';
import { useCurrentUser } from '../../state/hooks';

// Its own chunk, asked for only once the buttons are drawn: the first screen's script stays as it was.
const KpiSection = lazy(() => import('./KpiSection').then((module) => ({ default: module.KpiSection })));

export function HomePage() {
  const t = useT();
  const user = useCurrentUser();
  // Effects run after the first commit is painted, so the buttons are on screen before the figures load.
  const [buttonsDrawn, setButtonsDrawn] = useState(false);
  useEffect(() => setButtonsDrawn(true), []);
  return (
    <>
      <HubScreen title={msg('Home')} hub="home" />
      {mayOpen('full', user) ? (
        <p className="home-requests">
          <LinkButton href="/requests" label={t('Requests from labels')} icon="pi pi-inbox" outlined />
        </p>
      ) : null}
      {buttonsDrawn && mayOpen('full', user) ? (
        <Suspense fallback={<p className="kpi-note">{t('Loading the key figures…')}</p>}>
          <KpiSection />
        </Suspense>
      ) : null}
    </>
  );
}

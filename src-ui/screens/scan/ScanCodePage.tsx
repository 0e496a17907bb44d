/**
 * /scan/{code}: the address a label's QR code holds (docs/decisions.md: Labels and scanning), opened
 * by a phone's own camera app as much as by the scanner. It resolves the code and goes on to what it
 * opens, replacing itself in the history (Back returns to where the user was, not to this step).
 * Someone not signed in gets the label's "Report a problem" form (VisitorRequest.tsx), with a way
 * for staff to sign in first, after which the label opens (app/PendingScan.tsx). A code that opens
 * nothing says why, with a way to scan another.
 */
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { messageForScreen } from '../../../shared/data/messages';
import { LinkButton } from '../../components/LinkButton';
import { Loading } from '../../components/Loading';
import { useT } from '../../i18n/language';
import { callWorker } from '../../state/bridge';
import { store } from '../../state/store';
import { targetPath } from './scan-target';
import { SCAN_TEXTS } from './scan-texts';
import { VISITOR_TEXTS, VisitorRequest } from './VisitorRequest';

function OpenCode({ code }: { code: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    callWorker((worker) => worker.codes.resolve(code)).then(
      (result) => current && navigate(targetPath(result.data), { replace: true }),
      (err: unknown) => current && setRefusal(messageForScreen(err, SCAN_TEXTS.failure)),
    );
    return () => {
      current = false;
    };
  }, [code, navigate]);

  if (!refusal) {
    return (
      <p className="empty-text" role="status">
        {t(SCAN_TEXTS.opening)}
      </p>
    );
  }
  return (
    <>
      <div className="notice">
        <Message severity="error" text={t(refusal)} />
      </div>
      <div className="button-row">
        <LinkButton href="/scan" label={t(SCAN_TEXTS.scanAgain)} icon="pi pi-qrcode" />
      </div>
    </>
  );
}

export function ScanCodePage({ params }: { params: { code?: string } }) {
  const t = useT();
  const session = useSnapshot(store).session;
  const code = params.code ?? '';
  if (session.status === 'unknown') return <Loading />;
  if (session.status !== 'signed-in' || !session.user) {
    return (
      <section className="narrow">
        <div className="page-header">
          <h1>{t(VISITOR_TEXTS.title)}</h1>
        </div>
        <VisitorRequest code={code} />
      </section>
    );
  }
  return (
    <section>
      <div className="page-header">
        <h1>{t(SCAN_TEXTS.title)}</h1>
      </div>
      <OpenCode code={code} />
    </section>
  );
}

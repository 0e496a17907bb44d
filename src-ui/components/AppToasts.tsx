/**
 * The PrimeReact toast outlet; every toast (worker events and screens) arrives via state/toasts. Its
 * texts are said in the active language here: a marked English text is translated, one already said
 * in it (the worker's, a screen's t()) is shown as it is.
 */
import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { t } from '../../shared/i18n/translate';
import { setToastSink } from '../state/toasts';

const LIFE_MS = 6_000;

export function AppToasts() {
  const toast = useRef<Toast>(null);
  useEffect(() => {
    setToastSink((next) => toast.current?.show({ severity: next.severity, summary: t(next.summary), detail: t(next.detail), life: LIFE_MS }));
    return () => setToastSink(null);
  }, []);
  return <Toast ref={toast} position="bottom-right" />;
}

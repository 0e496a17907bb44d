/** The PrimeReact toast outlet; every toast (worker events and screens) arrives via state/toasts. */
import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { setToastSink } from '../state/toasts';

const LIFE_MS = 6_000;

export function AppToasts() {
  const toast = useRef<Toast>(null);
  useEffect(() => {
    setToastSink((t) => toast.current?.show({ severity: t.severity, summary: t.summary, detail: t.detail, life: LIFE_MS }));
    return () => setToastSink(null);
  }, []);
  return <Toast ref={toast} position="bottom-right" />;
}

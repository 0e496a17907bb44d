/**
 * A location's report (behaviour §2, 7): the button downloads the PDF through the data worker (bytes, not
 * text) under the spec's file name, then opens "Send Report via Email" (email field, Close, Send
 * Report; behaviour §5's email rule). Both need a connection and say so without one.
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { ReportSentResponse } from '../../shared/api/reports';
import { plainEmailAddress } from '../../shared/rules/email-address';
import { SCREEN_MESSAGES, messageForScreen } from '../../shared/data/messages';
import type { BinaryAnswer, MutationResult } from '../../shared/data/protocol';
import { Field, fieldAria } from '../components/Field';
import { useT } from '../i18n/language';
import { callWorker, type WorkerRemote } from '../state/bridge';
import { toDataError } from '../state/errors';
import { showToast } from '../state/toasts';
import { saveFile } from './save-file';

export function ReportButton({
  label,
  fileName,
  download,
  email,
}: {
  label: string;
  /** The spec's file name, e.g. "part_inventory_report.pdf". */
  fileName: string;
  download: (worker: WorkerRemote) => Promise<BinaryAnswer>;
  email: (worker: WorkerRemote, address: string) => Promise<MutationResult<ReportSentResponse>>;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [mailOpen, setMailOpen] = useState(false);
  const [address, setAddress] = useState('');
  // The field's error: our English check (said when drawn) or the server's text.
  const [error, setError] = useState<string | null>(null);
  const shownError = error === null ? null : t(error);

  const generate = async () => {
    setBusy(true);
    try {
      saveFile(await callWorker(download), fileName, 'application/pdf');
      setError(null);
      setMailOpen(true);
    } catch (err) {
      showToast({ severity: 'error', summary: t(SCREEN_MESSAGES.reports.generateSummary), detail: messageForScreen(err, t(SCREEN_MESSAGES.reports.generateDetail)) });
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    const value = plainEmailAddress(address);
    if (value === null) {
      setError(SCREEN_MESSAGES.reports.invalidEmail);
      return;
    }
    setBusy(true);
    try {
      const result = await callWorker((worker) => email(worker, value));
      showToast({ severity: 'success', detail: result.message });
      setMailOpen(false);
    } catch (err) {
      const fields = toDataError(err).fields;
      if (fields?.email?.[0]) setError(fields.email[0]);
      else showToast({ severity: 'error', summary: t(SCREEN_MESSAGES.reports.emailSummary), detail: messageForScreen(err, t(SCREEN_MESSAGES.reports.emailDetail)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button type="button" label={busy && !mailOpen ? t('Generating...') : t(label)} icon="pi pi-file-pdf" onClick={() => void generate()} disabled={busy} />
      <Dialog
        header={t('Send Report via Email')}
        visible={mailOpen}
        onHide={() => !busy && setMailOpen(false)}
        style={{ width: 'min(28rem, calc(100vw - 2rem))' }}
        footer={
          <div>
            <Button type="button" label={t('Close')} text onClick={() => setMailOpen(false)} disabled={busy} />
            <Button type="button" label={busy ? t('Sending...') : t('Send Report')} icon="pi pi-send" onClick={() => void send()} disabled={busy} />
          </div>
        }
      >
        <Field id="report-email" label={t('Email')} error={shownError}>
          <InputText
            id="report-email"
            type="email"
            value={address}
            onChange={(e) => {
              setAddress(e.target.value);
              setError(null);
            }}
            invalid={Boolean(error)}
            {...fieldAria('report-email', shownError)}
          />
        </Field>
      </Dialog>
    </>
  );
}

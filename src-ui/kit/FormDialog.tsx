/**
 * A form in a modal (Move Asset, Fill and Inventory, Add reading, Add meter): the dialog, the form
 * checked on submit, and Cancel beside the submit button, whose label says when it is busy. The
 * dialog cannot be closed while the form is being sent, so what was typed is never lost halfway.
 * Its texts are English (the catalogue's ids) and said here in the active language.
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { FormEvent, ReactNode } from 'react';
import { msg } from '../../shared/i18n/translate';
import { useT } from '../i18n/language';

export function FormDialog({
  header,
  visible,
  busy,
  submitLabel,
  busyLabel = msg('Saving...'),
  width = '28rem',
  onClose,
  onSubmit,
  children,
}: {
  header: string;
  visible: boolean;
  /** The form is being sent. */
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  width?: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog header={t(header)} visible={visible} onHide={() => !busy && onClose()} style={{ width: `min(${width}, calc(100vw - 2rem))` }}>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {children}
        <div className="button-row">
          <Button type="button" label={t('Cancel')} text onClick={onClose} disabled={busy} />
          <Button type="submit" label={busy ? t(busyLabel) : t(submitLabel)} disabled={busy} />
        </div>
      </form>
    </Dialog>
  );
}

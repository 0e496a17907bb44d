/**
 * "Enter Wash Counts" (behaviour §2, 5): one whole-number field per wash package of the car wash (empty
 * counts as 0), Save Counts. Each package's count is one wash record on the device's date, queued
 * while offline (a wash bay often has no signal) and sent once.
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { WashPackage } from '../../../shared/api/washes';
import { washCountsForm } from '../../../shared/api/wash-counts';
import { SCREEN_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import { PageError } from '../../components/PageError';
import { localDateToday } from '../../format/display';
import { useT } from '../../i18n/language';
import { NumberField } from '../../kit/FormFields';
import { showInvalidForm, showRefusal, useSchemaForm } from '../../kit/form';
import { callWorker } from '../../state/bridge';
import { useWorkerRead } from '../../state/hooks';
import { showToast } from '../../state/toasts';

type Counts = Record<string, number | null>;

function CountsForm({ location, packages, onClose }: { location: { id: number; label: string }; packages: WashPackage[]; onClose: () => void }) {
  const t = useT();
  const form = useSchemaForm<Counts>(
    washCountsForm(packages.map((p) => p.id)),
    Object.fromEntries(packages.map((p) => [String(p.id), null])),
    (values) => values,
  );
  const submit = form.handleSubmit(async (values) => {
    const date = localDateToday();
    let queued: string | null = null;
    let done: string | null = null;
    // One record per package, in order; a refusal stops there and keeps the dialog with its numbers.
    for (const pkg of packages) {
      try {
        const result = await callWorker((worker) => worker.washes.record(location, { washPackage: pkg.id, count: values[String(pkg.id)] ?? 0, date }));
        if (result.status === 'queued') queued = result.message;
        else done = result.message;
        form.resetField(String(pkg.id), { defaultValue: null });
      } catch (err) {
        showRefusal(form, err, SCREEN_MESSAGES.washes.recordCount, { count: String(pkg.id) });
        return;
      }
    }
    showToast({ severity: queued ? 'info' : 'success', detail: queued ?? done ?? '' });
    onClose();
  }, showInvalidForm);

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      {packages.map((pkg) => (
        <NumberField key={pkg.id} control={form.control} name={String(pkg.id)} id={`wash-count-${pkg.id}`} label={pkg.name} min={0} />
      ))}
      <div className="button-row">
        <Button type="button" label={t('Cancel')} text onClick={onClose} disabled={form.formState.isSubmitting} />
        <Button type="submit" label={form.formState.isSubmitting ? t('Saving...') : t('Save Counts')} disabled={form.formState.isSubmitting} />
      </div>
    </form>
  );
}

export function WashCountsDialog({ location, visible, onClose }: { location: { id: number; label: string }; visible: boolean; onClose: () => void }) {
  const t = useT();
  const packages = useWorkerRead(`wash-packages|${location.id}`, (worker) => worker.washes.packages(location.id));
  let content;
  if (packages.result) content = <CountsForm key={location.id} location={location} packages={packages.result.data} onClose={onClose} />;
  // The packages are the car wash's wash-record headings (behaviour §7 reads them with the wash records): behaviour §8's text for those.
  else if (packages.error) content = <PageError message={t(messageForScreen(packages.error, SCREEN_MESSAGES.washes.fetchRecords))} onRetry={() => void packages.reload()} />;
  else content = <p role="status">{t('Loading wash packages...')}</p>;
  return (
    <Dialog header={t('Enter Wash Counts')} visible={visible} onHide={onClose} style={{ width: 'min(28rem, calc(100vw - 2rem))' }}>
      {content}
    </Dialog>
  );
}

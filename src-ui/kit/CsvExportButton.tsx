/**
 * "Export CSV" on a list screen (docs/decisions.md: CSV exports; not in the spec, so it adds to the
 * screen and changes nothing of it): the list with the filters it shows now, read by the data worker
 * (it holds the token) and saved under the server's file name. Without a connection the button is
 * disabled and says why; nothing is queued.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { CSV_EXPORTS, type CsvExportArea } from '../../shared/api/exports';
import { SCREEN_MESSAGES, messageForScreen } from '../../shared/data/messages';
import { callWorker } from '../state/bridge';
import { useIsOffline } from '../state/hooks';
import { showToast } from '../state/toasts';
import type { ListQuery } from './list-query';
import { saveFile } from './save-file';

const TEXTS = SCREEN_MESSAGES.exports;

export function CsvExportButton({ area, query }: { area: CsvExportArea; query: ListQuery }) {
  const offline = useIsOffline();
  const [busy, setBusy] = useState(false);
  const hintId = `${area}-export-needs-connection`;

  const download = async () => {
    setBusy(true);
    try {
      const answer = await callWorker((api) => api.exports.csv(area, { location: query.location, search: query.search }));
      saveFile(answer, answer.fileName ?? `${CSV_EXPORTS[area].file}.csv`, 'text/csv');
    } catch (err) {
      showToast({ severity: 'error', summary: TEXTS.exportSummary, detail: messageForScreen(err, TEXTS.exportDetail) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="export-action">
      <Button
        type="button"
        label={busy ? 'Exporting...' : 'Export CSV'}
        icon="pi pi-download"
        outlined
        onClick={() => void download()}
        disabled={busy || offline}
        aria-describedby={offline ? hintId : undefined}
      />
      {offline ? (
        <small id={hintId} className="field-hint">
          {TEXTS.needsConnection}
        </small>
      ) : null}
    </span>
  );
}

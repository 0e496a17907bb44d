/**
 * "Export CSV" on a list screen (docs/decisions.md: CSV exports; not in the spec, so it adds to the
 * screen and changes nothing of it): the list with the filters it shows now.
 */
import { CSV_EXPORTS, type CsvExportArea } from '../../shared/api/exports';
import { SCREEN_MESSAGES } from '../../shared/data/messages';
import { msg } from '../../shared/i18n/translate';
import { DownloadButton } from './DownloadButton';
import type { ListQuery } from './list-query';

const TEXTS = SCREEN_MESSAGES.exports;

export function CsvExportButton({ area, query }: { area: CsvExportArea; query: ListQuery }) {
  return (
    <DownloadButton
      id={`${area}-export`}
      label={msg('Export CSV')}
      busyLabel={msg('Exporting...')}
      icon="pi pi-download"
      fileName={`${CSV_EXPORTS[area].file}.csv`}
      mimeType="text/csv"
      needsConnection={TEXTS.needsConnection}
      failure={{ summary: TEXTS.exportSummary, detail: TEXTS.exportDetail }}
      download={(worker) => worker.exports.csv(area, { location: query.location, search: query.search })}
    />
  );
}

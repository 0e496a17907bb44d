/**
 * A part's stock ledger (docs/decisions.md: What the work costs): every change of its quantity,
 * newest first in pages of 10: fills, counts, issues to and returns from work orders (each a link),
 * adjustments with their reason, and the opening balance, with the quantity after each. Unit costs
 * show for full-access users only. Export Ledger saves every entry as CSV (GET parts/{id}/ledger.csv).
 */
import { Paginator } from 'primereact/paginator';
import { useState } from 'react';
import { Link } from 'wouter';
import { ledgerCsvFileName } from '../../../shared/api/exports';
import { STOCK_ENTRY_KIND_WORDS, type StockEntry } from '../../../shared/api/stock-ledger';
import { PAGE_SIZE } from '../../../shared/constants';
import { NOT_FOUND_MESSAGES, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { DownloadButton } from '../../kit/DownloadButton';
import { EntriesSection } from '../../kit/EntriesSection';
import { formatDateTime, formatPrice, formatQuantity, fullName } from '../../format/display';
import { useT } from '../../i18n/language';
import { useSynced, useWorkerRead } from '../../state/hooks';

const signed = (change: number) => `${change > 0 ? '+' : change < 0 ? '−' : ''}${formatQuantity(Math.abs(change))}`;

export function PartLedger({ partId }: { partId: number }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const ledger = useWorkerRead(`ledger|${partId}|${page}`, (worker) => worker.partmoves.ledger(partId, page));
  useSynced('parts', String(partId), () => void ledger.reload());
  useSynced('partmoves', 'any', () => void ledger.reload());
  const data = ledger.result?.data;
  return (
    <EntriesSection
      id={`ledger-${partId}`}
      className="part-ledger"
      texts={{ title: msg('Stock ledger'), loading: msg('Loading the ledger...'), empty: NOT_FOUND_MESSAGES.partmoves.ledger, failure: SCREEN_MESSAGES.partmoves.loadLedger }}
      entries={data?.results}
      error={ledger.error}
      actions={
        // Every entry, oldest first, made by the server now: needs a connection, as every export.
        data && data.count > 0 ? (
          <DownloadButton
            id={`ledger-${partId}-export`}
            label={msg('Export Ledger')}
            busyLabel={msg('Exporting...')}
            icon="pi pi-download"
            fileName={ledgerCsvFileName(partId, new Date().toISOString().slice(0, 10))}
            mimeType="text/csv"
            needsConnection={SCREEN_MESSAGES.exports.needsConnection}
            failure={{ summary: SCREEN_MESSAGES.exports.exportSummary, detail: SCREEN_MESSAGES.exports.exportDetail }}
            download={(worker) => worker.partmoves.ledgerCsv(partId)}
          />
        ) : null
      }
      entryClass="ledger-entry"
      entry={(entry: StockEntry) => (
        <span>
          {t('{kind} {change} → {after} · {user} · {at}', {
            kind: t(STOCK_ENTRY_KIND_WORDS[entry.kind]),
            change: signed(entry.change),
            after: formatQuantity(entry.quantity_after),
            user: fullName(entry.user) || t('System'),
            at: formatDateTime(entry.created_at),
          })}
          {entry.work_order_id !== null ? (
            <>
              {' · '}
              <Link href={`/workorder-detail/${entry.work_order_id}`}>{t('Work order #{id}', { id: entry.work_order_id })}</Link>
            </>
          ) : null}
          {entry.unit_cost !== null ? ` · ${t('{cost} each', { cost: formatPrice(entry.unit_cost) })}` : ''}
          {entry.reason ? ` · ${entry.reason}` : ''}
        </span>
      )}
      footer={data && data.count > PAGE_SIZE ? <Paginator first={(page - 1) * PAGE_SIZE} rows={PAGE_SIZE} totalRecords={data.count} pageLinkSize={3} onPageChange={(e) => setPage(e.page + 1)} /> : null}
    />
  );
}

/** The query of a CSV export (`exports.ts`): the filters of its list, each checked as on the list. */
import { Type, type Static, type TObject } from '@sinclair/typebox';
import { Id } from './common.js';
import type { CsvFilter } from './exports.js';

/** Every filter an export may take; each export's schema has only those of its list. */
export const CsvExportQuery = Type.Object({
  location: Type.Optional(Id),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type CsvExportQuery = Static<typeof CsvExportQuery>;

/** The query schema of one export: its list's filters and nothing else. */
export function csvExportQuery(filters: readonly CsvFilter[]): TObject {
  return Type.Pick(CsvExportQuery, [...filters]);
}

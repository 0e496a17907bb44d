/** Car wash counts per wash package, their totals, and the car wash report. */
import { Type, type Static } from '@sinclair/typebox';
import { Id, PageNumber, RecordDate, type EveryKey, type LocationRef, type Page } from './common.js';

const DateText = (description: string) => Type.Optional(Type.String({ maxLength: 64, description }));

export const WashPackagesQuery = Type.Object({ location: Id });
export type WashPackagesQuery = Static<typeof WashPackagesQuery>;

export const WashRecordsQuery = Type.Object({
  location: Type.Optional(Id),
  page: Type.Optional(PageNumber),
  start: DateText('YYYY-MM-DD, first day included'),
  end: DateText('YYYY-MM-DD, last day included'),
});
export type WashRecordsQuery = Static<typeof WashRecordsQuery>;

/** `count` is checked by the server (an integer, 0 or more, below 1,000,000), not coerced by the schema. */
export const WashRecordBody = Type.Object({
  wash_package: Id,
  count: Type.Unknown({ description: 'integer, 0 or more, below 1,000,000' }),
  location: Id,
  date: RecordDate,
});
export interface WashRecordRequest {
  wash_package: number;
  count: number;
  location: number;
  date: string;
}

/** Car wash report period; both default to the current month to date. */
export const CarWashReportQuery = Type.Object({
  location: Id,
  start: DateText('YYYY-MM-DD, default: first day of the current month'),
  end: DateText('YYYY-MM-DD, default: today'),
});
export type CarWashReportQuery = Static<typeof CarWashReportQuery>;

export const CarWashReportEmailBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  location: Id,
  start: DateText('YYYY-MM-DD'),
  end: DateText('YYYY-MM-DD'),
});
export type CarWashReportEmailBody = Static<typeof CarWashReportEmailBody>;

export interface WashPackage {
  id: number;
  name: string;
  location: LocationRef;
}

export const WASH_PACKAGE_KEYS = { id: true, name: true, location: true } satisfies EveryKey<WashPackage>;

export interface WashRecord {
  id: number;
  wash_package: { id: number; name: string };
  count: number;
  location: LocationRef;
  date: string;
  created_at: string;
}

export const WASH_RECORD_KEYS = { id: true, wash_package: true, count: true, location: true, date: true, created_at: true } satisfies EveryKey<WashRecord>;

export interface PackageTotal {
  package: { id: number; name: string };
  total: number;
}

export interface WashRecordsPage extends Page<WashRecord> {
  package_totals: PackageTotal[];
}

/** Site capabilities the client needs (configuration, not code: docs/decisions.md: Site capabilities are configuration). */
export interface SiteSettings {
  /** Locations whose chemicals are tracked. */
  chemical_locations: number[];
  /** The chemical location with an inventory report instead of wash data. */
  chemical_report_location: number;
  /** Locations whose parts are tracked. */
  part_locations: number[];
  /** IANA zone in which "today" is reckoned. */
  time_zone: string;
  version: string;
}

import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../../shared/api/settings.js';
import { chemicalLocationKind, offeredLocations } from '../../../shared/rules/site-locations.js';

// Neither list is sorted, so the tests show whose order a filter keeps.
const settings: SiteSettings = { chemical_locations: [3003, 1102, 1104], chemical_report_location: 3003, part_locations: [3008, 3003], time_zone: 'UTC', version: '4.6.18' };
const locations = [3003, 1104, 2000, 3008, 1102].map((id) => ({ id, name: `Location ${id}` }));

describe("the site's settings decide about locations (behaviour §2, 9: configuration, not code)", () => {
  it('a filter offers every location when its area tracks all of them', () => {
    expect(offeredLocations(locations, null).map((l) => l.id)).toEqual([3003, 1104, 2000, 3008, 1102]);
  });

  it("a filter offers only the allowed locations, in the locations' own order, and none while the settings are unknown", () => {
    expect(offeredLocations(locations, settings.part_locations).map((l) => l.id)).toEqual([3003, 3008]);
    expect(offeredLocations(locations, settings.chemical_locations).map((l) => l.id)).toEqual([3003, 1104, 1102]);
    expect(offeredLocations(locations, undefined)).toEqual([]);
  });

  it('the report location has an inventory report, the other chemical locations their wash data, any other nothing', () => {
    expect(chemicalLocationKind(settings, 3003)).toBe('inventory-report');
    expect(chemicalLocationKind(settings, 1102)).toBe('car-wash');
    expect(chemicalLocationKind(settings, 2000)).toBeNull();
    expect(chemicalLocationKind(settings, null)).toBeNull();
    expect(chemicalLocationKind(undefined, 1102)).toBeNull();
    // Another site's configuration: a different report location.
    expect(chemicalLocationKind({ ...settings, chemical_report_location: 1104 }, 1104)).toBe('inventory-report');
    expect(chemicalLocationKind({ ...settings, chemical_report_location: 1104 }, 3003)).toBe('car-wash');
  });
});

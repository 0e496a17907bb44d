/**
 * The key figures of /home at one moment: the windows (kpis.periods.ts), the repository's
 * aggregates and the costs (costs.figures.ts), and the answer put together (kpis.presenter.ts). Used by the route
 * and by the benchmark (bench/kpis.bench.ts), so both time the same work.
 */
import type { LocationRef } from '../../../shared/api/common.js';
import type { Kpis } from '../../../shared/api/kpis.js';
import { todayIn } from '../../../shared/rules/task-status.js';
import type { SiteCapabilities } from '../../config.js';
import type { Repositories } from '../../db/repositories.js';
import type { LocationsRepository } from '../locations/locations.repository.js';
import { CostFigures } from '../costs/costs.figures.js';
import { kpiWindows } from './kpis.periods.js';
import { presentChemicalSites, presentCompliance, presentMeanTime, presentOpenWorkOrders, presentPastDue } from './kpis.presenter.js';
import type { KpisRepository } from './kpis.repository.js';

export class KpiFigures {
  private readonly kpis: KpisRepository;
  private readonly locations: LocationsRepository;

  private readonly costs: CostFigures;

  constructor(
    repositories: Pick<Repositories, 'kpis' | 'locations' | 'costs' | 'assets'>,
    private readonly site: SiteCapabilities,
    private readonly timeZone: string,
  ) {
    this.kpis = repositories.kpis;
    this.locations = repositories.locations;
    this.costs = new CostFigures(repositories, timeZone);
  }

  /** The car-wash sites: chemical locations with wash data (behaviour §2: not the inventory-report location). */
  private carWashSites(): number[] {
    return this.site.chemicalLocationIds.filter((id) => id !== this.site.chemicalReportLocationId);
  }

  async compute(period: number, now: Date = new Date()): Promise<Kpis> {
    const today = todayIn(this.timeZone, now);
    const windows = kpiWindows(now, today, period);
    const responseWindows = [windows.response.current, windows.response.previous];
    const siteIds = this.carWashSites();
    // One query after another: a request holds one pooled connection at a time, so a few people
    // opening /home at once do not take the connections every other request needs (PostgreSQL);
    // SQLite runs them one at a time anyway. All of them take a few tens of milliseconds.
    const open = await this.kpis.openWorkOrders(windows.ages);
    const toClaim = await this.kpis.meanTimesSinceCreation('claimed_at', responseWindows);
    const toComplete = await this.kpis.meanTimesSinceCreation('completed_at', responseWindows);
    const compliance = await this.kpis.compliance(windows.compliance.map((w) => w.since));
    const pastDue = await this.kpis.pastDueTasks(today);
    const fills = await this.kpis.chemicalFills(siteIds, windows.monthDays);
    const washes = await this.kpis.carsWashed(siteIds, windows.monthDays);
    // What the work cost over the compliance windows' lengths (30 and 90 days by default).
    const costs = await this.costs.windows(windows.compliance.map((w) => w.days), now);

    const named = new Map((await this.locations.findByIds([...new Set([...open.map((r) => r.location_id), ...pastDue.map((r) => r.location_id), ...siteIds])])).map((l) => [l.id, l.name]));
    // Orders and tasks hold their location by foreign key, so each is found; '' only for one deleted between the two reads.
    const locationOf = (id: number): LocationRef => ({ id, name: named.get(id) ?? '' });
    // A configured site that is not (yet) a location has nothing to show.
    const sites = siteIds.filter((id) => named.has(id)).map(locationOf);

    return {
      as_of: now.toISOString(),
      today,
      period_days: period,
      open_work_orders: presentOpenWorkOrders(open, locationOf),
      response_times: {
        current: { ...windows.response.current, to_claim: presentMeanTime(toClaim[0]!), to_complete: presentMeanTime(toComplete[0]!) },
        previous: { ...windows.response.previous, to_claim: presentMeanTime(toClaim[1]!), to_complete: presentMeanTime(toComplete[1]!) },
      },
      maintenance: {
        windows: windows.compliance.map((w, i) => presentCompliance(w, compliance[i]!)),
        past_due: pastDue.reduce((sum, r) => sum + r.count, 0),
        past_due_locations: presentPastDue(pastDue, locationOf),
      },
      chemical_usage: { months: windows.months, sites: presentChemicalSites(sites, windows.months, fills, washes) },
      costs,
    };
  }
}

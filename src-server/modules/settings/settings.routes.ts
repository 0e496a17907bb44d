/** The site capabilities the client adapts to (which locations track chemicals and parts, the time zone). */
import type { FastifyInstance } from 'fastify';
import type { SiteSettings } from '../../../shared/api/settings.js';
import { APP_VERSION } from '../../../shared/constants.js';
import type { AppDeps } from '../../deps.js';

export async function settingsRoutes(app: FastifyInstance, { config }: AppDeps): Promise<void> {
  app.get('/settings/', { config: { access: 'user' } }, async (): Promise<SiteSettings> => ({
    chemical_locations: [...config.site.chemicalLocationIds],
    chemical_report_location: config.site.chemicalReportLocationId,
    part_locations: [...config.site.partLocationIds],
    time_zone: config.timeZone,
    version: APP_VERSION,
  }));
}

/** Vendors: paged list by name, detail, create (nothing required) and update (name required). */
import type { FastifyInstance } from 'fastify';
import { VendorBody } from '../../../shared/api/vendors.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { nowIso } from '../../http/clock.js';
import { notFound, throwIfErrors, type FieldErrors } from '../../http/errors.js';
import { PageQuery, pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { requiredText } from '../../http/text.js';
import { presentVendor } from './vendors.presenter.js';

const OPTIONAL_FIELDS = ['address', 'city', 'state', 'postal_code', 'telephone_number'] as const;

/** The optional fields that were sent, trimmed; like DRF, an update leaves the ones not sent alone. */
function sentFields(body: VendorBody): Partial<Record<(typeof OPTIONAL_FIELDS)[number], string>> {
  const out: Partial<Record<(typeof OPTIONAL_FIELDS)[number], string>> = {};
  for (const field of OPTIONAL_FIELDS) {
    const value = body[field];
    if (value !== undefined) out[field] = value.trim();
  }
  return out;
}

export async function vendorsRoutes(app: FastifyInstance, { repositories, models }: AppDeps): Promise<void> {
  const vendors = repositories.vendors;

  app.get<{ Querystring: PageQuery }>('/vendors/', { schema: { querystring: PageQuery }, config: { access: models.vendors.read } }, async (request) => {
    const window = pageWindow(request.query.page);
    const { count, rows } = await vendors.page(window);
    return pageOf(request, window, count, rows.map(presentVendor));
  });

  app.get<{ Params: IdParams }>('/vendors/:id/', { schema: { params: IdParams }, config: { access: models.vendors.read } }, async (request) => {
    const row = await vendors.findById(request.params.id);
    if (!row) throw notFound();
    return presentVendor(row);
  });

  app.post<{ Body: VendorBody }>('/vendors/', { schema: { body: VendorBody } }, async (request, reply) => {
    const now = nowIso();
    const row = await vendors.create(
      {
        name: (request.body.name ?? '').trim(),
        address: '',
        city: '',
        state: '',
        postal_code: '',
        telephone_number: '',
        ...sentFields(request.body),
        created_at: now,
        updated_at: now,
      },
      currentUser(request).id,
    );
    return reply.code(201).send(presentVendor(row));
  });

  app.put<{ Params: IdParams; Body: VendorBody }>('/vendors/:id/', { schema: { params: IdParams, body: VendorBody } }, async (request) => {
    const errors: FieldErrors = {};
    const name = requiredText(errors, 'name', request.body.name);
    throwIfErrors(errors);
    const row = await vendors.update(request.params.id, { name, ...sentFields(request.body), updated_at: nowIso() }, currentUser(request).id);
    if (!row) throw notFound();
    return presentVendor(row);
  });
}

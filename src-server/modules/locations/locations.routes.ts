/** Locations: paged list (all of them are read by following `next`), detail, create, update. */
import type { FastifyInstance } from 'fastify';
import { LocationCreateBody, LocationUpdateBody } from '../../../shared/api/locations.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { nowIso } from '../../http/clock.js';
import { notFound, throwIfErrors, type FieldErrors } from '../../http/errors.js';
import { PageQuery, pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { optionalText } from '../../../shared/rules/optional-text.js';
import { requiredText } from '../../http/text.js';
import { presentLocation } from './locations.presenter.js';

/** Cleans the text fields shared by create and update; required ones must not be blank. */
function cleanFields(body: LocationUpdateBody, errors: FieldErrors) {
  return {
    name: requiredText(errors, 'name', body.name),
    address: requiredText(errors, 'address', body.address),
    city: requiredText(errors, 'city', body.city),
    state: requiredText(errors, 'state', body.state),
    postal_code: requiredText(errors, 'postal_code', body.postal_code),
    phone_number: (body.phone_number ?? '').trim(),
    epos: optionalText(body.epos),
    verifone_id: optionalText(body.verifone_id),
    sagenet_id: optionalText(body.sagenet_id),
    occ_id: optionalText(body.occ_id),
  };
}

export async function locationsRoutes(app: FastifyInstance, { repositories, models }: AppDeps): Promise<void> {
  const locations = repositories.locations;
  // Limited users read locations too: the work-order form needs them.
  const readers = { access: models.locations.read };

  app.get<{ Querystring: PageQuery }>('/locations/', { schema: { querystring: PageQuery }, config: readers }, async (request) => {
    const window = pageWindow(request.query.page);
    const { count, rows } = await locations.page(window);
    return pageOf(request, window, count, rows.map(presentLocation));
  });


  app.get<{ Params: IdParams }>('/locations/:id/', { schema: { params: IdParams }, config: readers }, async (request) => {
    const row = await locations.findById(request.params.id);
    if (!row) throw notFound();
    return presentLocation(row);
  });

  app.post<{ Body: LocationCreateBody }>('/locations/', { schema: { body: LocationCreateBody } }, async (request, reply) => {
    const errors: FieldErrors = {};
    const fields = cleanFields(request.body, errors);
    throwIfErrors(errors);
    const now = nowIso();
    const row = await locations.create({ ...fields, location_type: request.body.location_type, created_at: now, updated_at: now }, currentUser(request).id);
    return reply.code(201).send(presentLocation(row));
  });

  app.put<{ Params: IdParams; Body: LocationUpdateBody }>('/locations/:id/', { schema: { params: IdParams, body: LocationUpdateBody } }, async (request) => {
    const errors: FieldErrors = {};
    const fields = cleanFields(request.body, errors);
    throwIfErrors(errors);
    const row = await locations.update(
      request.params.id,
      {
        ...fields,
        ...(request.body.location_type ? { location_type: request.body.location_type } : {}),
        updated_at: nowIso(),
      },
      currentUser(request).id,
    );
    if (!row) throw notFound();
    return presentLocation(row);
  });
}

/** Work orders: list with location filter and search, detail, create with attachments, and the claim → complete flow. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_ALLOWED_TYPES } from '../../../shared/constants.js';
import { ASSET_LINK_NOT_ALLOWED, ASSET_NOT_AT_LOCATION, WorkOrderCompleteBody, WorkOrderCreateBody, WorkOrderListQuery, type WorkOrder } from '../../../shared/api/workorders.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { hasFullAccess } from '../users/full-access.js';
import { nowIso } from '../../http/clock.js';
import { addFieldError, notFound, throwIfErrors, type FieldErrors } from '../../http/errors.js';
import { requestOrigin } from '../../http/origin.js';
import { doesNotExist } from '../../http/relations.js';
import { pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { optionalText } from '../../../shared/rules/optional-text.js';
import { requiredText } from '../../http/text.js';
import { filesOf } from '../../http/uploads.js';
import { ClaimFlow, claimMessages } from '../claims/claim-flow.js';
import type { UserRow } from '../users/users.repository.js';
import { shownTo } from '../../models/model-record.js';
import type { LabourTotals } from '../labour/labour.repository.js';
import { presentWorkOrder } from './workorders.presenter.js';
import { type ShownOrders, type WorkOrderRow } from './workorders.repository.js';
import { t } from '../../../shared/i18n/translate.js';

export async function workordersRoutes(app: FastifyInstance, { repositories, uploads, models }: AppDeps): Promise<void> {
  const { users } = repositories;
  const orders = repositories.workOrders;
  const locations = repositories.locations;
  const assets = repositories.assets;
  const labour = repositories.labour;
  const partMoves = repositories.partMoves;
  // Limited users list, read and create work orders; changing their state needs full access (the default).
  const everyone = { access: 'user' as const };
  const readers = { access: models.workorders.read };
  const flow = new ClaimFlow({ messages: claimMessages('work order'), stateOf: (id) => orders.claimState(id), users });

  /**
   * The orders as the caller sees them (the model's limited view without full access). Their costs
   * are read only for callers who see them, so a limited user's page costs no extra query.
   */
  const present = async (request: FastifyRequest, { rows, relations }: ShownOrders): Promise<WorkOrder[]> => {
    const origin = requestOrigin(request);
    const full = hasFullAccess(currentUser(request));
    const ids = rows.map((r) => r.id);
    const [totals, partsCosts] = full ? await Promise.all([labour.totalsOf(ids), partMoves.costsOf(ids)]) : ([new Map<number, LabourTotals>(), new Map<number, number>()] as const);
    return shownTo(models.workorders, full, rows.map((row) => presentWorkOrder(row, relations, origin, totals, partsCosts)));
  };
  /**
   * An order's asset (docs/decisions.md: Labels and scanning): one the user may read (a limited user
   * reads no asset, so links none), standing at the order's location. A queued order checked here
   * long after it was made is refused the same way when the asset has moved since.
   */
  const checkAssetLink = async (errors: FieldErrors, user: UserRow, assetId: number, locationId: number | undefined): Promise<void> => {
    if (!hasFullAccess(user)) return addFieldError(errors, 'asset_id', t(ASSET_LINK_NOT_ALLOWED));
    const asset = await assets.findById(assetId);
    if (!asset) return addFieldError(errors, 'asset_id', doesNotExist(assetId));
    if (locationId !== undefined && asset.location_id !== locationId) addFieldError(errors, 'asset_id', t(ASSET_NOT_AT_LOCATION));
  };

  const presentOne = async (request: FastifyRequest, id: number): Promise<WorkOrder> => {
    const [order] = await present(request, await orders.shown([id]));
    if (!order) throw notFound();
    return order;
  };

  app.get<{ Querystring: WorkOrderListQuery }>('/workorders/', { schema: { querystring: WorkOrderListQuery }, config: readers }, async (request) => {
    const window = pageWindow(request.query.page);
    const search = request.query.search?.trim();
    const { count, ...shown } = await orders.page(window, { locationId: request.query.location, search: search || undefined });
    return pageOf(request, window, count, await present(request, shown));
  });

  // Whoever may read the list may export it, with the same filters.

  app.get<{ Params: IdParams }>('/workorders/:id/', { schema: { params: IdParams }, config: readers }, async (request) => presentOne(request, request.params.id));

  app.post<{ Body: WorkOrderCreateBody }>('/workorders/', { schema: { body: WorkOrderCreateBody }, config: { ...everyone, uploads: true } }, async (request, reply) => {
    const user = currentUser(request);
    const body = request.body ?? {};
    const errors: FieldErrors = {};
    const description = requiredText(errors, 'description', body.description);
    const locationId = body.location_id;
    if (locationId === undefined) addFieldError(errors, 'location_id', t('This field is required.'));
    else if (!(await locations.exists(locationId))) addFieldError(errors, 'location_id', doesNotExist(locationId));
    const assetId = body.asset_id ?? null;
    if (assetId !== null) await checkAssetLink(errors, user, assetId, locationId);
    // A browser form with no file chosen still sends one nameless, empty part: that is no attachment.
    const files = filesOf(body.new_attachments, 'new_attachments').filter((f) => f.filename !== '' || f.data.length > 0);
    throwIfErrors(errors);

    // storeFiles checks every file before writing any, so a refused upload leaves nothing behind.
    const stored = await uploads.store(user.id, 'workorders', files, 'new_attachments', UPLOAD_ALLOWED_TYPES);
    const now = nowIso();
    let row: WorkOrderRow;
    try {
      row = await orders.create(
        { status: 'Pending', description, location_id: locationId!, asset_id: assetId, created_by_id: user.id, created_at: now, updated_at: now },
        stored.map((f) => ({ stored_name: f.storedName, original_name: f.originalName, content_type: f.contentType, size: f.size, created_at: now })),
      );
    } catch (err) {
      await uploads.discard(stored.map((f) => f.storedName));
      throw err;
    }
    return reply.code(201).send(await presentOne(request, row.id));
  });

  app.post<{ Params: IdParams }>('/workorders/:id/claim/', { schema: { params: IdParams } }, async (request) => {
    const user = currentUser(request);
    const id = request.params.id;
    await flow.claim(id, user.id, () => orders.claim(id, user.id, nowIso()));
    return presentOne(request, id);
  });

  app.post<{ Params: IdParams }>('/workorders/:id/unclaim/', { schema: { params: IdParams } }, async (request) => {
    const user = currentUser(request);
    const id = request.params.id;
    await flow.unclaim(id, user.id, () => orders.unclaim(id, user.id, nowIso()));
    return presentOne(request, id);
  });

  app.post<{ Params: IdParams; Body: WorkOrderCompleteBody }>(
    '/workorders/:id/complete/',
    {
      schema: { params: IdParams, body: WorkOrderCompleteBody },
      // The notes are optional, so a complete sent with no body at all is valid too.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = request.params.id;
      const fieldNotes = optionalText(request.body.field_notes);
      await flow.complete(id, user.id, () => orders.complete(id, user.id, fieldNotes, nowIso()));
      return presentOne(request, id);
    },
  );
}

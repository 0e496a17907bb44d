/** Preventative maintenance tasks: list by due date, detail, create, update, claim, unclaim, complete. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TaskCompleteBody, TaskCreateBody, TaskListQuery, TaskPatchBody, TaskUpdateBody, type MaintenanceTask } from '../../../shared/api/maintenance.js';
import type { CheckedAnswer } from '../../../shared/rules/procedure.js';
import { todayIn } from '../../../shared/rules/task-status.js';
import type { RecordWrite } from '../../db/versions.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { nowIso } from '../../http/clock.js';
import { numberField } from '../../http/numbers.js';
import { READING_MAX } from '../../../shared/rules/meter-readings.js';
import { takenAtField } from '../meters/reading.fields.js';
import { addFieldError, fieldError, conflict, notFound, nothingToChange, throwIfErrors, type FieldErrors, type HttpError } from '../../http/errors.js';
import { requestOrigin } from '../../http/origin.js';
import { pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { ifMatchVersion, setVersionTag, staleVersion } from '../../http/preconditions.js';
import { doesNotExist } from '../../http/relations.js';
import { optionalText } from '../../../shared/rules/optional-text.js';
import { IMAGE_TYPES } from '../assets/assets.fields.js';
import { ClaimFlow, claimMessages } from '../claims/claim-flow.js';
import { checkTaskChanges, checkTaskFields } from './maintenance.fields.js';
import { presentTask, stepsOf } from './maintenance.presenter.js';
import { MeterReadingRefused, type TaskCompletion, type TaskRow } from './maintenance.repository.js';
import { checkCompletionAnswers, photosOf, readMultipartAnswers, staleProcedure } from './procedure.fields.js';
import { msg, t } from '../../../shared/i18n/translate.js';

export const CHANGED_WHILE_SAVING = msg('This task changed while it was being saved. Please try again.');
export const NO_METER = msg('This task counts no meter.');

export async function maintenanceRoutes(app: FastifyInstance, { config, repositories, uploads, models }: AppDeps): Promise<void> {
  const { users } = repositories;
  const tasks = repositories.maintenance;
  const locations = repositories.locations;
  const refs = { locationExists: (id: number) => locations.exists(id), meterExists: async (id: number) => (await repositories.meters.findById(id)) !== undefined };
  // Every maintenance call needs full_feature_access (docs/decisions.md: Permissions are enforced by the server), stated rather than defaulted.
  const full = { access: 'full' as const };
  const readers = { access: models.maintenance.read };
  const today = () => todayIn(config.timeZone);
  const flow = new ClaimFlow({ messages: claimMessages('task'), stateOf: (id) => tasks.claimState(id), users });

  const present = async (request: FastifyRequest, rows: TaskRow[]): Promise<MaintenanceTask[]> => {
    const relations = await tasks.relationsOf(rows);
    const day = today();
    const origin = requestOrigin(request);
    return rows.map((row) => presentTask(row, relations, day, origin));
  };
  const presentOne = async (request: FastifyRequest, row: TaskRow): Promise<MaintenanceTask> => (await present(request, [row]))[0]!;
  const existing = async (id: number): Promise<TaskRow> => {
    const row = await tasks.findById(id);
    if (!row) throw notFound();
    return row;
  };

  app.get<{ Querystring: TaskListQuery }>('/maintenance/tasks/', { schema: { querystring: TaskListQuery }, config: readers }, async (request) => {
    const window = pageWindow(request.query.page);
    const search = request.query.search?.trim();
    const { count, rows } = await tasks.page(window, { locationId: request.query.location, search: search || undefined });
    return pageOf(request, window, count, await present(request, rows));
  });


  app.get<{ Params: IdParams }>('/maintenance/tasks/:id/', { schema: { params: IdParams }, config: readers }, async (request, reply) => {
    const row = await existing(request.params.id);
    setVersionTag(reply, row.version);
    return presentOne(request, row);
  });

  /** Why an update did not apply, from the row as it is now: gone, or moved past the If-Match version. */
  const updateRefusal = async (request: FastifyRequest, id: number, version: number | undefined): Promise<HttpError> => {
    const row = await existing(id);
    if (version !== undefined && row.version !== version) {
      const current = await presentOne(request, row);
      return staleVersion(current, config.timeZone);
    }
    return conflict(t(CHANGED_WHILE_SAVING));
  };

  /** Runs an update under the request's If-Match and answers the task as written, with its new version. */
  const writeTask = async (request: FastifyRequest<{ Params: IdParams }>, reply: FastifyReply, write: (w: RecordWrite) => Promise<TaskRow | undefined>) => {
    const version = ifMatchVersion(request);
    const row = await write({ userId: currentUser(request).id, now: nowIso(), version });
    if (!row) throw await updateRefusal(request, request.params.id, version);
    setVersionTag(reply, row.version);
    return presentOne(request, row);
  };

  app.post<{ Body: TaskCreateBody }>('/maintenance/tasks/', { schema: { body: TaskCreateBody }, config: full }, async (request, reply) => {
    const user = currentUser(request);
    const { fields, errors } = await checkTaskFields(request.body, today(), refs);
    const createdBy = request.body.created_by ?? user.id;
    if (createdBy !== user.id && !(await tasks.userExists(createdBy))) addFieldError(errors, 'created_by', doesNotExist(createdBy));
    throwIfErrors(errors);
    const row = await tasks.create(fields, createdBy, { userId: user.id, now: nowIso() });
    return reply.code(201).send(await presentOne(request, row));
  });

  app.put<{ Params: IdParams; Body: TaskUpdateBody }>('/maintenance/tasks/:id/', { schema: { params: IdParams, body: TaskUpdateBody }, config: full }, async (request, reply) => {
    await existing(request.params.id);
    const { fields, errors } = await checkTaskFields(request.body, today(), refs);
    throwIfErrors(errors);
    return writeTask(request, reply, (write) => tasks.update(request.params.id, fields, write));
  });

  app.patch<{ Params: IdParams; Body: TaskPatchBody }>(
    '/maintenance/tasks/:id/',
    {
      schema: { params: IdParams, body: TaskPatchBody },
      config: full,
      // A body-less PATCH gets the clear "nothing to change" answer rather than a schema message.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
    await existing(request.params.id);
    const { fields, errors } = await checkTaskChanges(request.body, today(), refs);
    throwIfErrors(errors);
    if (!Object.keys(fields).length) throw nothingToChange();
    return writeTask(request, reply, (write) => tasks.patch(request.params.id, fields, write));
    },
  );

  app.post<{ Params: IdParams }>('/maintenance/tasks/:id/claim/', { schema: { params: IdParams }, config: full }, async (request) => {
    const user = currentUser(request);
    const id = request.params.id;
    await flow.claim(id, user.id, () => tasks.claim(id, user.id, nowIso()));
    return presentOne(request, await existing(id));
  });

  app.post<{ Params: IdParams }>('/maintenance/tasks/:id/unclaim/', { schema: { params: IdParams }, config: full }, async (request) => {
    const user = currentUser(request);
    const id = request.params.id;
    await flow.unclaim(id, user.id, () => tasks.unclaim(id, user.id, nowIso()));
    return presentOne(request, await existing(id));
  });

  /**
   * Why a completion did not apply, from the task as it is now: answered on steps that changed since
   * (412 with the task now, so the device keeps the answers for its user), else the claim flow's refusal.
   */
  const completionRefusal = async (request: FastifyRequest, id: number, userId: number, procedureVersion: number): Promise<void> => {
    const row = await existing(id);
    if (row.assigned_to_id === userId && row.procedure_version !== procedureVersion) throw staleProcedure(await presentOne(request, row));
    await flow.complete(id, userId, async () => 'unchanged');
  };

  /**
   * The meter's reading a completion gives (a task by usage; none for one by days only, which is
   * told so): a number as a reading's value, and when it was taken as a reading's.
   */
  const completionReading = async (errors: FieldErrors, row: TaskRow, body: TaskCompleteBody): Promise<TaskCompletion['meterReading']> => {
    if (body.meter_reading === undefined || body.meter_reading === null) return null;
    if (row.meter_id === null) {
      addFieldError(errors, 'meter_reading', t(NO_METER));
      return null;
    }
    const value = numberField(errors, 'meter_reading', body.meter_reading, { atLeast: 0, lessThan: READING_MAX });
    const meter = await repositories.meters.findById(row.meter_id);
    const asset = meter ? await repositories.assets.findById(meter.asset_id) : undefined;
    const takenAt = takenAtField(errors, 'meter_reading_taken_at', body.meter_reading_taken_at, asset?.created_at ?? null);
    return value === null || takenAt === null ? null : { value, taken_at: takenAt };
  };

  app.post<{ Params: IdParams; Body: TaskCompleteBody }>(
    '/maintenance/tasks/:id/complete/',
    {
      schema: {
        params: IdParams,
        body: TaskCompleteBody,
        description:
          'JSON, or multipart/form-data when photo steps are answered: `answers` as JSON text, each photo as the file `photo_<step id>`. ' +
          'Answers given on another procedure_version than the task has now are refused with 412 `stale_procedure` and the task now.',
      },
      config: { ...full, uploads: true },
      preValidation: async (request) => {
        // Field notes are optional, so a complete may arrive without any body at all.
        request.body ??= {};
        readMultipartAnswers(request);
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = request.params.id;
      const row = await existing(id);
      const procedureVersion = request.body.procedure_version ?? 0;
      const photos = photosOf(request.body);
      // Answers are judged only against the steps they were given on; on other steps the completion is refused as stale below.
      const onTheseSteps = procedureVersion === row.procedure_version;
      const errors: FieldErrors = {};
      const answers: CheckedAnswer[] = onTheseSteps ? checkCompletionAnswers(errors, stepsOf(row), request.body.answers ?? [], photos) : [];
      const meterReading = await completionReading(errors, row, request.body);
      throwIfErrors(errors);
      const stored = new Map<string, string>();
      try {
        for (const answer of answers) {
          const photo = answer.photo ? photos.get(answer.step.id) : undefined;
          if (!photo) continue;
          const [file] = await uploads.store(user.id, 'maintenance', [photo], `photo_${answer.step.id}`, IMAGE_TYPES);
          stored.set(answer.step.id, file!.storedName);
        }
        const completion = { today: today(), fieldNotes: optionalText(request.body.field_notes), now: nowIso(), procedureVersion, answers, photos: stored, meterReading };
        if ((await tasks.complete(id, user.id, completion)) === 'unchanged') await completionRefusal(request, id, user.id, procedureVersion);
      } catch (err) {
        // A refused completion keeps none of its photos (a refusal is committed like an answer).
        await uploads.discard([...stored.values()]);
        throw err instanceof MeterReadingRefused ? fieldError(err.field, t(err.message)) : err;
      }
      return presentOne(request, await existing(id));
    },
  );
}

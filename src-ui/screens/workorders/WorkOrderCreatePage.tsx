/**
 * New work order (behaviour §2, behaviour §5): read-only user name and email, location and description
 * required, any number of attachments. Sent now, or queued while offline; either way back to
 * /workorder-home/. On the form pattern (kit/form.ts): react-hook-form keeps what was typed and the
 * chosen files through any refusal, and the request schema judges the description's length.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect } from 'react';
import { useController, useForm, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import { WorkOrderCreateBody } from '../../../shared/api/workorders';
import { schemaFieldErrors } from '../../../shared/api/schema-check';
import { ATTACHMENT_ACCEPT, refusedAttachmentMessage } from '../../../shared/data/attachments';
import { QUEUE_CODES, SCREEN_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import type { NewWorkOrder } from '../../../shared/areas/workorders';
import { msg } from '../../../shared/i18n/translate';
import { mayOpen } from '../../app/navigation';
import { Field, REQUIRED_TEXT, fieldAria } from '../../components/Field';
import { formatKilobytes, fullName } from '../../format/display';
import { useT } from '../../i18n/language';
import { callWorker } from '../../state/bridge';
import { toDataError } from '../../state/errors';
import { useCurrentUser } from '../../state/hooks';
import { devicePreference } from '../../state/preferences';
import { showToast } from '../../state/toasts';
import { FormScreen } from '../../kit/FormScreen';
import { ChoiceField, TextAreaField, useFileInput } from '../../kit/FormFields';
import { showRefusal, startOver } from '../../kit/form';
import { positiveInt } from '../../kit/list-query';
import { useLocationOptions } from '../../kit/location-options';
import { UploadProgress } from '../../kit/UploadProgress';
import { AssetChoice, NO_ASSET } from './AssetChoice';
import type { WorkOrderValues } from './work-order-values';
import { reportedProblem } from './report-problem';

export const CREATE_VALIDATION_MESSAGE = msg('Please select a location and provide a description');
const CREATE_LOCATION_KEY = 'workorderCreateLocation';


type Errors = FieldErrors<WorkOrderValues>;

/**
 * Behaviour §5: location and description required (said beside each, and by the spec's message above the
 * form); the description's length and the files' types as the server judges them.
 */
const checkWorkOrder: Resolver<WorkOrderValues> = (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  if (values.location_id === null) errors.location_id = { type: 'required', message: REQUIRED_TEXT };
  const description = values.description.trim();
  if (!description) errors.description = { type: 'required', message: REQUIRED_TEXT };
  for (const [field, message] of Object.entries(schemaFieldErrors(WorkOrderCreateBody, { location_id: values.location_id ?? undefined, description }))) {
    errors[field] ??= { type: 'schema', message };
  }
  const refused = refusedAttachmentMessage(values.new_attachments);
  if (refused) errors.new_attachments = { type: 'type', message: refused };
  return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors: errors as Errors };
};

function missingRequired(errors: Errors): boolean {
  return errors.location_id?.type === 'required' || errors.description?.type === 'required';
}

/** Any number of files; the picker offers only the types the server keeps (a hint: the check above decides). */
function AttachmentsField({ control }: { control: Control<WorkOrderValues> }) {
  const t = useT();
  const { field, fieldState } = useController({ control, name: 'new_attachments' });
  const error = fieldState.error?.message ?? null;
  const id = 'wo-attachments';
  const ref = useFileInput(field.ref, field.value.length === 0);
  return (
    <>
      <Field id={id} label={msg('Attachments')} error={error} hint={msg('Photos or PDF files, several at once if needed.')}>
        <input
          id={id}
          className="file-input"
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          name={field.name}
          ref={ref}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(Array.from(e.target.files ?? []))}
          {...fieldAria(id, error, true)}
        />
      </Field>
      {field.value.length ? (
        <ul aria-label={t('Chosen attachments')}>
          {field.value.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              {f.name} ({formatKilobytes(f.size)})
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export function WorkOrderCreatePage() {
  const t = useT();
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const { options, warning: locationsWarning } = useLocationOptions();
  // Opened by "Report a problem" (an asset, a location, a scanned label): the place, and the asset, chosen already.
  const reported = reportedProblem(useSearch());
  const linksAssets = mayOpen('full', user);
  const form = useForm<WorkOrderValues>({
    defaultValues: {
      location_id: reported.location ?? positiveInt(devicePreference.get(CREATE_LOCATION_KEY)),
      description: '',
      new_attachments: [],
      asset_id: linksAssets ? reported.asset : null,
    },
    resolver: checkWorkOrder,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, formState } = form;

  const submit = form.handleSubmit(
    async (values) => {
      // A remembered location that no longer exists is not offered (the field shows none): required.
      if (!options.some((o) => o.value === values.location_id)) {
        form.setError('location_id', { type: 'required', message: REQUIRED_TEXT }, { shouldFocus: true });
        showToast({ severity: 'error', detail: CREATE_VALIDATION_MESSAGE });
        return;
      }
      const input: NewWorkOrder = {
        locationId: values.location_id!,
        description: values.description.trim(),
        files: values.new_attachments.map((f) => ({ name: f.name || 'attachment', type: f.type || 'application/octet-stream', blob: f })),
        ...(linksAssets && values.asset_id !== null && values.asset_id !== NO_ASSET ? { assetId: values.asset_id } : {}),
      };
      try {
        const result = await callWorker((worker) => worker.workorders.create(input));
        showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
        // The next order starts empty, at the location chosen for this one (its default on this device).
        startOver(form, { location_id: values.location_id, description: '', new_attachments: [], asset_id: null });
        navigate('/workorder-home/');
      } catch (err) {
        // Too large to keep for later even after the photos were made smaller: said beside the files.
        if (toDataError(err).code === QUEUE_CODES.itemTooLarge) {
          const message = messageForScreen(err, t(SCREEN_MESSAGES.workorders.create));
          form.setError('new_attachments', { type: 'size', message }, { shouldFocus: true });
          showToast({ severity: 'error', detail: message });
          return;
        }
        showRefusal(form, err, SCREEN_MESSAGES.workorders.create);
      }
    },
    (errors) => showToast({ severity: 'error', detail: missingRequired(errors) ? CREATE_VALIDATION_MESSAGE : (errors.new_attachments?.message ?? CREATE_VALIDATION_MESSAGE) }),
  );

  // The chosen location is the next form's default on this device.
  const chosenLocation = form.watch('location_id');
  useEffect(() => {
    devicePreference.set(CREATE_LOCATION_KEY, chosenLocation === null ? '' : String(chosenLocation));
  }, [chosenLocation]);

  return (
    <FormScreen title={msg('Create Work Order')} back="/workorder-home">
      {locationsWarning}
      <form className="form panel" onSubmit={(e) => void submit(e)} noValidate>
        {missingRequired(formState.errors) ? <Message severity="error" text={t(CREATE_VALIDATION_MESSAGE)} /> : null}
        <Field id="wo-user-name" label={msg('Name')}>
          <InputText id="wo-user-name" value={fullName(user)} readOnly />
        </Field>
        <Field id="wo-user-email" label={msg('Email')}>
          <InputText id="wo-user-email" value={user?.email ?? ''} readOnly />
        </Field>
        <ChoiceField control={control} name="location_id" id="wo-location" label={msg('Location')} options={options} placeholder={t('Select a location')} required />
        {linksAssets ? <AssetChoice control={control} setValue={form.setValue} /> : null}
        <TextAreaField control={control} name="description" id="wo-description" label={msg('Description')} rows={5} placeholder={t('Describe the problem')} required />
        <AttachmentsField control={control} />
        <UploadProgress submitting={formState.isSubmitting} />
        <Button type="submit" label={formState.isSubmitting ? t('Submitting...') : t('Create Work Order')} icon="pi pi-check" disabled={formState.isSubmitting} />
      </form>
    </FormScreen>
  );
}

/**
 * New work order (spec 2, spec 5): read-only user name and email, location and description
 * required, any number of attachments. Sent now, or queued while offline; either way back to
 * /workorder-home/.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ATTACHMENT_ACCEPT, refusedAttachmentMessage } from '../../../shared/data/attachments';
import { QUEUE_CODES, SCREEN_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import type { NewWorkOrder } from '../../../shared/areas/workorders';
import { Field, REQUIRED_TEXT, dropdownPt, fieldAria } from '../../components/Field';
import { formatKilobytes, fullName } from '../../format/display';
import { callWorker } from '../../state/bridge';
import { fieldError, toDataError } from '../../state/errors';
import { useCurrentUser } from '../../state/hooks';
import { devicePreference } from '../../state/preferences';
import { showToast } from '../../state/toasts';
import { FormScreen } from '../../kit/FormScreen';
import { positiveInt } from '../../kit/list-query';
import { useLocationOptions } from '../../kit/location-options';

export const CREATE_VALIDATION_MESSAGE = 'Please select a location and provide a description';
const CREATE_LOCATION_KEY = 'workorderCreateLocation';

function isTooLarge(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === QUEUE_CODES.itemTooLarge;
}

export function WorkOrderCreatePage() {
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const { options, warning: locationsWarning } = useLocationOptions();
  const [locationId, setLocationId] = useState<number | null>(() => positiveInt(devicePreference.get(CREATE_LOCATION_KEY)));
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [invalid, setInvalid] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ location?: string; description?: string; attachments?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  /** A chosen file of a type the server refuses (the picker's `accept` is only a hint). */
  const typeRefusal = refusedAttachmentMessage(files);

  // A remembered location that no longer exists is not offered.
  const selected = options.some((o) => o.value === locationId) ? locationId : null;
  const missingLocation = invalid && selected === null;
  const missingDescription = invalid && !description.trim();

  const chooseLocation = (id: number | null) => {
    setLocationId(id);
    devicePreference.set(CREATE_LOCATION_KEY, id === null ? '' : String(id));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (selected === null || !description.trim()) {
      setInvalid(true);
      showToast({ severity: 'error', detail: CREATE_VALIDATION_MESSAGE });
      return;
    }
    if (typeRefusal) {
      showToast({ severity: 'error', detail: typeRefusal });
      return;
    }
    setInvalid(false);
    setServerErrors({});
    setSubmitting(true);
    const input: NewWorkOrder = {
      locationId: selected,
      description: description.trim(),
      files: files.map((f) => ({ name: f.name || 'attachment', type: f.type || 'application/octet-stream', blob: f })),
    };
    try {
      const result = await callWorker((api) => api.workorders.create(input));
      showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
      navigate('/workorder-home/');
    } catch (err) {
      setServerErrors({
        location: fieldError(err, 'location_id') ?? undefined,
        description: fieldError(err, 'description') ?? undefined,
        // Too large to keep for later even after the photos were made smaller: said beside the files.
        attachments: fieldError(err, 'new_attachments') ?? (isTooLarge(err) ? messageForScreen(err, SCREEN_MESSAGES.workorders.create) : undefined),
      });
      // Spec 8: 403 and 404 are not notified (a 403 names its field beside it when it has one).
      if (toDataError(err).shouldNotify) showToast({ severity: 'error', detail: messageForScreen(err, SCREEN_MESSAGES.workorders.create) });
    } finally {
      setSubmitting(false);
    }
  };

  const locationError = missingLocation ? REQUIRED_TEXT : serverErrors.location;
  const descriptionError = missingDescription ? REQUIRED_TEXT : serverErrors.description;
  const attachmentsError = typeRefusal ?? serverErrors.attachments;

  return (
    <FormScreen title="Create Work Order" back="/workorder-home">
      {locationsWarning}
      <form className="form panel" onSubmit={(e) => void submit(e)} noValidate>
        {invalid && (missingLocation || missingDescription) ? <Message severity="error" text={CREATE_VALIDATION_MESSAGE} /> : null}
        <Field id="wo-user-name" label="Name">
          <InputText id="wo-user-name" value={fullName(user)} readOnly />
        </Field>
        <Field id="wo-user-email" label="Email">
          <InputText id="wo-user-email" value={user?.email ?? ''} readOnly />
        </Field>
        <Field id="wo-location" label="Location" error={locationError}>
          <Dropdown
            inputId="wo-location"
            pt={dropdownPt('Location')}
            value={selected}
            options={options}
            onChange={(e) => chooseLocation((e.value as number | null) ?? null)}
            placeholder="Select a location"
            required
            invalid={Boolean(locationError)}
            filter={options.length > 12}
            {...fieldAria('wo-location', locationError)}
          />
        </Field>
        <Field id="wo-description" label="Description" error={descriptionError}>
          <InputTextarea
            id="wo-description"
            rows={5}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="Describe the problem"
            required
            invalid={Boolean(descriptionError)}
            {...fieldAria('wo-description', descriptionError)}
          />
        </Field>
        <Field id="wo-attachments" label="Attachments" error={attachmentsError} hint="Photos or PDF files, several at once if needed.">
          <input
            id="wo-attachments"
            className="file-input"
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            onChange={(e) => {
              setFiles(Array.from(e.target.files ?? []));
              setServerErrors((errors) => ({ ...errors, attachments: undefined }));
            }}
            {...fieldAria('wo-attachments', attachmentsError, true)}
          />
        </Field>
        {files.length ? (
          <ul aria-label="Chosen attachments">
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                {f.name} ({formatKilobytes(f.size)})
              </li>
            ))}
          </ul>
        ) : null}
        <Button type="submit" label={submitting ? 'Submitting...' : 'Create Work Order'} icon="pi pi-check" disabled={submitting} />
      </form>
    </FormScreen>
  );
}

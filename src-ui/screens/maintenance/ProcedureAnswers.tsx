/**
 * A task's steps in its Confirm Complete dialog (docs/decisions.md: Procedures on maintenance tasks):
 * Pass / Fail for a check, a number for a reading (its unit and range beside it), text, or a photo;
 * a failed check or a reading outside its range asks for a short note. Judged before sending by the
 * shared rule (required steps answered, readings numbers, notes given), in the server's words; the
 * answers go to the data worker with the procedure version they were given on, so they are sent now
 * or queued with their photos.
 */
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import type { MaintenanceTask, TaskMeterRef } from '../../../shared/api/maintenance';
import { READING_MAX } from '../../../shared/rules/meter-readings';
import type { ProcedureStep } from '../../../shared/api/procedures';
import type { ProcedureAnswers } from '../../../shared/areas/maintenance';
import type { Translate } from '../../../shared/i18n/translate';
import { IMAGE_ACCEPT } from '../../../shared/data/attachments';
import { checkAnswers, needsFollowUpNote, rangeText, type AnswerDraft } from '../../../shared/rules/procedure';
import { FieldError, fieldAria } from '../../components/Field';
import { useT } from '../../i18n/language';
import type { CompletionExtension } from '../../kit/StatusActions';
import { toDataError } from '../../state/errors';

/** One step's answer as typed. */
interface Typed {
  value: string;
  note: string;
  photo: File | null;
}

const EMPTY: Typed = { value: '', note: '', photo: null };

function StepAnswer({ step, typed, error, onChange }: { step: ProcedureStep; typed: Typed; error: string | null; onChange: (next: Typed) => void }) {
  const t = useT();
  const id = `answer-${step.id}`;
  const range = rangeText(step);
  const hint = step.kind === 'reading' ? [step.unit, range ? t('range {range}', { range }) : null].filter(Boolean).join(', ') : null;
  const label = step.required ? step.label : t('{label} (optional)', { label: step.label });
  return (
    <fieldset className="procedure-answer" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      {step.kind === 'check' ? (
        <div className="procedure-choice" role="radiogroup" aria-label={step.label}>
          {(['pass', 'fail'] as const).map((result) => (
            <div key={result} className="field-radiobutton">
              <RadioButton inputId={`${id}-${result}`} name={id} value={result} checked={typed.value === result} onChange={() => onChange({ ...typed, value: result })} />
              <label htmlFor={`${id}-${result}`}>{result === 'pass' ? t('Pass') : t('Fail')}</label>
            </div>
          ))}
        </div>
      ) : null}
      {step.kind === 'reading' ? (
        <div className="field">
          <label htmlFor={id}>{step.unit ? t('Reading ({unit})', { unit: step.unit }) : t('Reading')}</label>
          <InputText id={id} inputMode="decimal" value={typed.value} onChange={(e) => onChange({ ...typed, value: e.target.value })} invalid={Boolean(error)} {...fieldAria(id, error, Boolean(hint))} />
          {hint ? (
            <small id={`${id}-hint`} className="field-hint">
              {hint}
            </small>
          ) : null}
        </div>
      ) : null}
      {step.kind === 'text' ? (
        <div className="field">
          <label htmlFor={id}>{t('Answer')}</label>
          <InputTextarea id={id} rows={2} value={typed.value} onChange={(e) => onChange({ ...typed, value: e.target.value })} invalid={Boolean(error)} {...fieldAria(id, error)} />
        </div>
      ) : null}
      {step.kind === 'photo' ? (
        <div className="field">
          <label htmlFor={id}>{t('Photo')}</label>
          <input id={id} className="file-input" type="file" accept={IMAGE_ACCEPT} capture="environment" onChange={(e) => onChange({ ...typed, photo: e.target.files?.[0] ?? null })} {...fieldAria(id, error)} />
        </div>
      ) : null}
      {needsFollowUpNote(step, typed.value) ? (
        <div className="field">
          <label htmlFor={`${id}-note`}>{t('Note')}</label>
          <InputText id={`${id}-note`} value={typed.note} onChange={(e) => onChange({ ...typed, note: e.target.value })} placeholder={t('What is wrong?')} {...fieldAria(`${id}-note`, null, true)} />
          <small id={`${id}-note-hint`} className="field-hint">
            {t('A follow-up work order will be opened for this.')}
          </small>
        </div>
      ) : null}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** The meter's reading as typed: empty (none read), or a number a reading may be. */
function typedReading(text: string, t: Translate): { value: number | null; error: string | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { value: null, error: t('A valid number is required.') };
  if (value < 0) return { value: null, error: t('Ensure this value is greater than or equal to 0.') };
  if (value >= READING_MAX) return { value: null, error: t('Ensure this value is less than {max}.', { max: READING_MAX }) };
  return { value, error: null };
}

/** A task by usage's meter, read at the completion: counting starts again from it. */
function MeterReadingField({ meter, text, error, onChange }: { meter: TaskMeterRef; text: string; error: string | null; onChange: (text: string) => void }) {
  const t = useT();
  const id = 'completion-meter-reading';
  return (
    <div className="field">
      <label htmlFor={id}>{t('Meter Reading: {meter} ({unit})', { meter: meter.name, unit: meter.unit })}</label>
      <InputText id={id} inputMode="decimal" value={text} onChange={(e) => onChange(e.target.value)} invalid={Boolean(error)} {...fieldAria(id, error, true)} />
      <small id={`${id}-hint`} className="field-hint">
        {t('The meter counts again from this reading. Leave it empty if it was not read: counting starts from its latest reading.')}
      </small>
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The Confirm Complete dialog's part for `task`'s steps and, for a task by usage, its meter's
 * reading (none for a task with neither). What was typed is kept by step id until a send went
 * through, so a refusal or a reload of the task loses none; a reading refused (on the device or by
 * the server) keeps the dialog open with the reason under the field.
 */
export function useProcedureCompletion(task: MaintenanceTask): CompletionExtension<MaintenanceTask> | undefined {
  const t = useT();
  const [typed, setTyped] = useState<Record<string, Typed>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [readingText, setReadingText] = useState('');
  const steps = task.steps ?? [];
  const meter = task.meter;
  if (steps.length === 0 && !meter) return undefined;

  const drafts = (): AnswerDraft[] => steps.map((s) => ({ step_id: s.id, value: typed[s.id]?.value ?? '', note: typed[s.id]?.note ?? '' }));
  const photoSteps = () => steps.filter((s) => s.kind === 'photo' && typed[s.id]?.photo);
  const answers = (): ProcedureAnswers | undefined =>
    steps.length === 0
      ? undefined
      : {
          procedureVersion: task.procedure_version,
          steps,
          answers: drafts(),
          photos: photoSteps().map((s) => {
            const file = typed[s.id]!.photo!;
            return { stepId: s.id, file: { name: file.name || 'photo', type: file.type || 'application/octet-stream', blob: file } };
          }),
        };
  const reading = typedReading(readingText, t);

  return {
    fields: (
      <div className="procedure-answers">
        {meter ? <MeterReadingField meter={meter} text={readingText} error={errors.meter_reading ?? null} onChange={setReadingText} /> : null}
        {steps.map((step) => (
          <StepAnswer
            key={step.id}
            step={step}
            typed={typed[step.id] ?? EMPTY}
            error={errors[`answers.${step.id}`] ?? null}
            onChange={(next) => setTyped((all) => ({ ...all, [step.id]: next }))}
          />
        ))}
        {errors.answers ? (
          <small className="field-error" role="alert">
            {errors.answers}
          </small>
        ) : null}
      </div>
    ),
    check() {
      const { issues } = checkAnswers(steps, drafts(), new Set(photoSteps().map((s) => s.id)));
      const found: Record<string, string> = {};
      for (const issue of issues) found[issue.path] ??= issue.message;
      if (reading.error) found.meter_reading = reading.error;
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    complete: (worker, id, fieldNotes) =>
      worker.maintenance.complete(id, fieldNotes, answers(), meter && reading.value !== null ? { meterId: meter.id, value: reading.value } : undefined),
    refused(err) {
      // The meter's reading, or a step's reading of a meter, refused on the device or by the server: shown at its field.
      const mine = Object.entries(toDataError(err).fields ?? {}).filter(([field, messages]) => (field === 'meter_reading' || field.startsWith('answers.')) && messages[0]);
      if (mine.length > 0) setErrors((all) => ({ ...all, ...Object.fromEntries(mine.map(([field, messages]) => [field, messages[0]!])) }));
      return mine.length > 0;
    },
    reset() {
      setTyped({});
      setErrors({});
      setReadingText('');
    },
  };
}

/**
 * A task's procedure on its detail screen, below the spec's fields: the steps in order, and the last
 * completion's answers with links to the follow-up work orders they opened and to their photos.
 */
import { Link } from 'wouter';
import type { MaintenanceTask } from '../../../shared/api/maintenance';
import type { CompletionAnswer, ProcedureStep } from '../../../shared/api/procedures';
import type { Translate } from '../../../shared/i18n/translate';
import { answerWithNote, rangeText, STEP_KIND_LABELS } from '../../../shared/rules/procedure';
import { useT } from '../../i18n/language';

/** A step's kind, its range or unit for a reading, and whether it is required, e.g. "Reading, 10–20 psi, required". */
function stepText(step: ProcedureStep, t: Translate): string {
  const kind = t(STEP_KIND_LABELS[step.kind]);
  const range = step.kind === 'reading' ? rangeText(step) : null;
  const unit = step.kind === 'reading' && step.unit && !range ? step.unit : null;
  if (range) return step.required ? t('{kind}, {range}, required', { kind, range }) : t('{kind}, {range}', { kind, range });
  if (unit) return step.required ? t('{kind}, in {unit}, required', { kind, unit }) : t('{kind}, in {unit}', { kind, unit });
  return step.required ? t('{kind}, required', { kind }) : kind;
}

function AnswerRow({ answer }: { answer: CompletionAnswer }) {
  const t = useT();
  return (
    <li>
      <strong>{answer.label}</strong>: {answerWithNote(answer)}
      {answer.photo ? (
        <>
          {' '}
          <a href={answer.photo} target="_blank" rel="noopener noreferrer">
            {t('Open photo')}
          </a>
        </>
      ) : null}
      {answer.follow_up_work_order_id !== null ? (
        <>
          {' '}
          <Link href={`/workorder-detail/${answer.follow_up_work_order_id}`}>{t('Follow-up: Work order #{id}', { id: answer.follow_up_work_order_id })}</Link>
        </>
      ) : null}
    </li>
  );
}

export function ProcedureDetail({ task }: { task: MaintenanceTask }) {
  const t = useT();
  const steps = task.steps ?? [];
  const answers = task.last_completion_answers ?? [];
  if (steps.length === 0 && answers.length === 0) return null;
  return (
    <>
      {steps.length ? (
        <section className="procedure-detail" aria-labelledby="procedure-title">
          <h2 id="procedure-title">{t('Procedure')}</h2>
          <ol>
            {steps.map((step) => (
              <li key={step.id}>
                <strong>{step.label}</strong> ({stepText(step, t)})
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {answers.length ? (
        <section className="procedure-detail" aria-labelledby="last-answers-title">
          <h2 id="last-answers-title">{t("Last completion's answers")}</h2>
          <ul>
            {answers.map((answer) => (
              <AnswerRow key={answer.step_id} answer={answer} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

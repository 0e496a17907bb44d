/**
 * A task's procedure on its detail screen, below the spec's fields: the steps in order, and the last
 * completion's answers with links to the follow-up work orders they opened and to their photos.
 */
import { Link } from 'wouter';
import type { MaintenanceTask } from '../../../shared/api/maintenance';
import type { CompletionAnswer, ProcedureStep } from '../../../shared/api/procedures';
import { answerWithNote, rangeText, STEP_KIND_LABELS } from '../../../shared/rules/procedure';

function stepText(step: ProcedureStep): string {
  const range = step.kind === 'reading' ? rangeText(step) : null;
  const unit = step.kind === 'reading' && step.unit && !range ? `, in ${step.unit}` : '';
  return `${STEP_KIND_LABELS[step.kind]}${range ? `, ${range}` : unit}${step.required ? ', required' : ''}`;
}

function AnswerRow({ answer }: { answer: CompletionAnswer }) {
  return (
    <li>
      <strong>{answer.label}</strong>: {answerWithNote(answer)}
      {answer.photo ? (
        <>
          {' '}
          <a href={answer.photo} target="_blank" rel="noopener noreferrer">
            Open photo
          </a>
        </>
      ) : null}
      {answer.follow_up_work_order_id !== null ? (
        <>
          {' '}
          <Link href={`/workorder-detail/${answer.follow_up_work_order_id}`}>Follow-up: Work order #{answer.follow_up_work_order_id}</Link>
        </>
      ) : null}
    </li>
  );
}

export function ProcedureDetail({ task }: { task: MaintenanceTask }) {
  const steps = task.steps ?? [];
  const answers = task.last_completion_answers ?? [];
  if (steps.length === 0 && answers.length === 0) return null;
  return (
    <>
      {steps.length ? (
        <section className="procedure-detail" aria-labelledby="procedure-title">
          <h2 id="procedure-title">Procedure</h2>
          <ol>
            {steps.map((step) => (
              <li key={step.id}>
                <strong>{step.label}</strong> ({stepText(step)})
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {answers.length ? (
        <section className="procedure-detail" aria-labelledby="last-answers-title">
          <h2 id="last-answers-title">Last completion&apos;s answers</h2>
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

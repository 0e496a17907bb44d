/** A screen (or the session) is still loading. */
import { ProgressSpinner } from 'primereact/progressspinner';

export function Loading() {
  return (
    <div className="page-error" role="status" aria-label="Loading">
      <ProgressSpinner aria-hidden="true" />
    </div>
  );
}

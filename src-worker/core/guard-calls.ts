/** Every method of the WorkerCalls turns whatever it throws into a NormalizedError (a plain object). */
import { isNormalizedError, toNormalizedError } from '../../shared/data/errors.js';

export function guardCalls<T extends object>(http: T): T {
  const guarded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(http)) {
    if (typeof value === 'function') {
      const method = value as (...args: unknown[]) => Promise<unknown>;
      guarded[name] = async (...args: unknown[]) => {
        try {
          return await method(...args);
        } catch (thrown) {
          if (!isNormalizedError(thrown)) console.error('data worker:', thrown);
          throw toNormalizedError(thrown);
        }
      };
    } else if (typeof value === 'object' && value !== null) {
      guarded[name] = guardCalls(value);
    } else {
      guarded[name] = value;
    }
  }
  return guarded as T;
}

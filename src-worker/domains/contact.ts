/** The Contact Us form (spec 7 POST contact/). Sent now or not at all: it is not an offline action. */
import type { WorkerApi } from '../../shared/data/protocol.js';
import type { DomainContext } from './domain-context.js';

export function createContactApi(ctx: DomainContext): WorkerApi['contact'] {
  return {
    async send(input) {
      await ctx.api.request({ method: 'POST', path: 'contact/', json: { name: input.name, email: input.email, message: input.message } });
    },
  };
}

/** The Contact Us form (behaviour §7 POST contact/). Sent now or not at all: it is not an offline action. */
import { defineArea } from '../kit/area.js';

export const area = defineArea({
  name: 'contact',
  calls: (ctx) => ({
    async send(input) {
      await ctx.http.request({ method: 'POST', path: 'contact/', json: { name: input.name, email: input.email, message: input.message } });
    },
  }),
});

/**
 * GET codes/{code}/: the record a label's code names, as `{area, id}`, for a user who may open it
 * (docs/decisions.md: Labels and scanning). Every signed-in user may ask, since limited users scan
 * location labels to report a problem there; the answer then holds the record's own access: an
 * asset's code is refused to a user who may not read assets, in words that say why.
 */
import type { FastifyInstance } from 'fastify';
import { CodeParams } from '../../../shared/api/code-params.js';
import { CODE_ASSET_NOT_ALLOWED, CODE_NOT_OURS, type CodeTarget } from '../../../shared/api/codes.js';
import { readCode } from '../../../shared/rules/record-codes.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { hasFullAccess } from '../users/full-access.js';
import { forbidden, notFound } from '../../http/errors.js';
import { t } from '../../../shared/i18n/translate.js';

export async function codesRoutes(app: FastifyInstance, { repositories }: AppDeps): Promise<void> {
  const codes = repositories.codes;

  app.get<{ Params: CodeParams }>(
    '/codes/:code/',
    {
      schema: {
        params: CodeParams,
        description: 'The asset or location a label code names (any case, dash optional): `{"area": "assets" | "locations", "id": N}`. 404 when no record has it; 403 for an asset to a user who may not read assets.',
      },
      config: { access: 'user' },
    },
    async (request): Promise<CodeTarget> => {
      const code = readCode(request.params.code);
      const target = code ? await codes.find(code) : undefined;
      if (!target) throw notFound(t(CODE_NOT_OURS));
      if (target.area === 'assets' && !hasFullAccess(currentUser(request))) throw forbidden(t(CODE_ASSET_NOT_ALLOWED));
      return target;
    },
  );
}

import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Storage } from '../../platform/storage/storage.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import { RESOURCES } from '@school/shared/resources';
import { parseId, readResource } from '../../resource-engine/resource-reader.js';
import { authOf } from '../../platform/security/session-guard.js';
import { attachmentDisposition } from '../../platform/http/content-disposition.js';
import { DOCX_MIME } from '../document-generators/index.js';
import { contractDocument } from './contract-document.service.js';

/**
 * `GET /api/contracts/{id}/download` (part 1 §7): the contract .docx, for whoever may read the
 * contract row: the resource engine's read check and row scope decide (403 without read on
 * contracts, 404 outside the scope, e.g. another family's contract).
 */
export function contractDocumentsRoutes(deps: { knex: Knex; hooks: HookRegistry; storage: Storage }): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/contracts/:id/download', async (ctx) => {
    const id = parseId(ctx.params.id!);
    await readResource(
      { knex: deps.knex, auth: authOf(ctx), hooks: deps.hooks, language: ctx.lang },
      RESOURCES.contracts,
      id,
      'select[]=id',
    );
    const document = await contractDocument(deps.knex, deps.storage, id);
    ctx.set(
      'Content-Disposition',
      attachmentDisposition(ctx.t('documents.contract_file', { number: document.number })),
    );
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = DOCX_MIME;
    ctx.body = document.body;
  });
  return router;
}

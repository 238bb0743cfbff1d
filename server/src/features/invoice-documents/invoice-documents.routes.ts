import Router from '@koa/router';
import type { Knex } from 'knex';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import { RESOURCES } from '@school/shared/resources';
import { parseId, readResource } from '../../resource-engine/resource-reader.js';
import { authOf } from '../../platform/security/session-guard.js';
import { attachmentDisposition } from '../../platform/http/content-disposition.js';
import { DOCX_MIME } from '../document-generators/index.js';
import { invoiceDocument } from './invoice-document.service.js';

/**
 * `GET /api/invoices/{id}/download` (part 1 §7): the invoice .docx, or text/plain payment
 * instructions, for whoever may read the invoice row (403 without read, 404 outside the scope).
 */
export function invoiceDocumentsRoutes(deps: { knex: Knex; hooks: HookRegistry }): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/invoices/:id/download', async (ctx) => {
    const id = parseId(ctx.params.id!);
    await readResource(
      { knex: deps.knex, auth: authOf(ctx), hooks: deps.hooks, language: ctx.lang },
      RESOURCES.invoices,
      id,
      'select[]=id',
    );
    const document = await invoiceDocument(deps.knex, id);
    ctx.set('Cache-Control', 'private, no-store');
    if (document.kind === 'text') {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = document.body;
      return;
    }
    ctx.set(
      'Content-Disposition',
      attachmentDisposition(ctx.t('documents.invoice_file', { number: document.number })),
    );
    ctx.type = DOCX_MIME;
    ctx.body = document.body;
  });
  return router;
}

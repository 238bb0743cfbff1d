import Router from '@koa/router';
import type { Knex } from 'knex';
import { toMinorUnits } from '@school/shared/rules';
import { contractGeneratorSchema, invoiceGeneratorSchema } from '@school/shared/validation';
import { errors } from '../../platform/http/app-error.js';
import { validateBody } from '../../platform/http/validate.js';
import { authOf } from '../../platform/security/session-guard.js';
import { buildContractDocx } from './contract.document.js';
import { attachmentDisposition } from '../../platform/http/content-disposition.js';
import { findDefaultPayee } from './document-generators.repository.js';
import { DOCX_MIME } from './docx-layout.js';
import { buildInvoiceDocx } from './invoice.document.js';

/**
 * The document generators (spec part 2 §2, §7): forms that answer a .docx without storing
 * anything. `POST invoice` is saved as "<contract number>.docx", `POST contract` as
 * "contract No <number>" in the user's language. For staff who write contracts and invoices.
 */
export function documentGeneratorsRoutes(deps: { knex: Knex }): Router {
  const router = new Router();

  router.post('/invoice', async (ctx) => {
    if (!authOf(ctx).ability.can('create', 'invoice')) throw errors.forbidden();
    const input = validateBody(ctx, invoiceGeneratorSchema);
    const contractNumber = String(input.contract_number);
    const price = toMinorUnits(input.study_cost);
    const body = await buildInvoiceDocx({
      lang: 'uk',
      number: input.invoice_number,
      date: new Date(),
      contractNumber,
      contractDate: input.contract_date,
      payee: await findDefaultPayee(deps.knex),
      payer: { fullName: input.payer_fullname },
      line: { quantity: input.studies_count, price, sum: price * input.studies_count },
    });
    ctx.set('Content-Disposition', attachmentDisposition(`${contractNumber}.docx`));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = DOCX_MIME;
    ctx.body = body;
  });

  router.post('/contract', async (ctx) => {
    if (!authOf(ctx).ability.can('create', 'contract')) throw errors.forbidden();
    const input = validateBody(ctx, contractGeneratorSchema);
    const number = String(input.contract_number);
    const body = await buildContractDocx({
      lang: 'uk',
      number,
      date: new Date(),
      endAt: null,
      offerUrl: null,
      executor: await findDefaultPayee(deps.knex),
      customer: { fullName: input.customer_fullname },
      student: { fullName: input.student_name, studentClass: input.student_class, sex: input.sex },
      discipline: null,
      studiesCount: input.studies_count,
      studiesPerWeek: input.studies_per_week,
      pricePerStudy: toMinorUnits(input.study_cost),
    });
    ctx.set('Content-Disposition', attachmentDisposition(ctx.t('documents.contract_file', { number })));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = DOCX_MIME;
    ctx.body = body;
  });
  return router;
}

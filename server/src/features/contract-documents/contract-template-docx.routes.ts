import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { errors } from '../../platform/http/app-error.js';
import { parseId } from '../../platform/http/route-params.js';
import { addPendingObjects, dropPendingObjects } from '../../platform/storage/pending-objects.repository.js';
import type { Storage } from '../../platform/storage/storage.js';
import { authOf } from '../../platform/security/session-guard.js';
import {
  checkContractTemplate,
  ContractTemplateError,
  documentKey,
  documentMultipart,
  DOCX_MIME,
  putDocument,
  takeDocument,
} from '../document-generators/index.js';
import { attachmentDisposition } from '../../platform/http/content-disposition.js';
import { createContractTemplateDocxRepository } from './contract-template-docx.repository.js';

const FIELD = 'docx_file';

/**
 * A contract template's own .docx (issue 29 point 3, docs/api.md): `POST` (multipart `docx_file`)
 * puts or replaces it, `GET` downloads it, `DELETE` removes it (contracts print the generated
 * document again). Only with `update contract_template` (Administrator, Manager), checked before
 * the body is read. The file must be a .docx whose placeholders are all documented; the old file is
 * deleted after the commit, every key no row names sits in the pending journal meanwhile.
 */
export function contractTemplateDocxRoutes(deps: { knex: Knex; storage: Storage; dataDir: string }): {
  uploads: Router;
  chained: Router;
} {
  const { knex, storage } = deps;
  const repo = createContractTemplateDocxRepository(knex);
  const parse = documentMultipart(deps.dataDir);
  const path = '/api/contract_templates/:id/docx';

  const allowed = async (ctx: Context) => {
    if (!authOf(ctx).ability.can('update', 'contract_template')) throw errors.forbidden();
    const id = parseId(ctx.params.id);
    if (!(await repo.exists(id))) throw errors.notFound();
    return id;
  };
  const removeObjects = async (ctx: Context, keys: readonly string[]) => {
    for (const key of keys) {
      try {
        await storage.delete(key);
        await dropPendingObjects(knex, [key]);
      } catch (err) {
        ctx.log.warn({ err, key }, 'stored template not deleted');
      }
    }
  };

  const uploads = new Router();
  uploads.post(path, async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) return next();
    const id = await allowed(ctx);
    await parse(ctx, async () => {
      const taken = await takeDocument(ctx, FIELD, 'template');
      if (!taken) throw errors.invalidField(FIELD, 'validations.required');
      if (taken.kind !== 'docx') throw errors.invalidField(FIELD, 'documents.template_docx_only');
      try {
        checkContractTemplate(taken.bytes);
      } catch (err) {
        if (!(err instanceof ContractTemplateError)) throw err;
        if (err.reason === 'invalid') throw errors.invalidField(FIELD, 'documents.template_invalid');
        throw errors.invalidField(FIELD, 'documents.template_unknown_placeholders', {
          names: err.names.map((n) => `{${n}}`).join(', '),
        });
      }
      const key = documentKey('contract-templates', taken);
      await addPendingObjects(knex, [key]);
      let replaced: string[] = [];
      try {
        const stored = await putDocument(storage, key, taken);
        const row = await knex.transaction(async (trx) => {
          const old = await repo.attach(trx, id, stored.key, stored.name);
          if ((await dropPendingObjects(trx, [stored.key])) !== 1)
            throw new Error('pending template object vanished');
          replaced = old ? [old] : [];
          await addPendingObjects(trx, replaced);
          return repo.answer(trx, id);
        });
        ctx.body = { data: row };
      } catch (err) {
        replaced = [];
        await removeObjects(ctx, [key]);
        throw err;
      }
      await removeObjects(ctx, replaced);
    });
  });

  const chained = new Router();
  chained.get(path, async (ctx) => {
    const id = await allowed(ctx);
    const file = await repo.current(knex, id);
    if (!file) throw errors.notFound('documents.no_template_docx');
    ctx.set('Content-Disposition', attachmentDisposition(file.name));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = DOCX_MIME;
    ctx.body = await storage.get(file.key);
  });
  chained.delete(path, async (ctx) => {
    const id = await allowed(ctx);
    let keys: string[] = [];
    await knex.transaction(async (trx) => {
      const old = await repo.detach(trx, id);
      keys = old ? [old] : [];
      await addPendingObjects(trx, keys);
    });
    ctx.status = 204;
    await removeObjects(ctx, keys);
  });
  return { uploads, chained };
}

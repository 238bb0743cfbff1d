import Router from '@koa/router';
import type { Context } from 'koa';
import { asSubject } from '@school/shared/permissions';
import { IMPORT_ABILITY, IMPORT_MAX_BYTES, importFieldIds, isImportKind } from '@school/shared/imports';
import { AppError, errors } from '../../platform/http/app-error.js';
import { abandonBody } from '../../platform/http/body-stream.js';
import { attachmentDisposition } from '../../platform/http/content-disposition.js';
import { filesNotAccepted, multipart } from '../../platform/http/multipart.js';
import { fileError, readSpreadsheet } from '../../platform/spreadsheets/spreadsheet-reader.js';
import { XLSX_MIME } from '../../platform/spreadsheets/xlsx-writer.js';
import { authOf } from '../../platform/security/session-guard.js';
import { importErrorsReport } from './import-errors.report.js';
import type { ImportsRepository } from './imports.repository.js';
import type { ImportsService } from './imports.service.js';

/** A preview keeps every row in memory and in one jsonb value: past this, split the file. */
export const IMPORT_MAX_ROWS = 100_000;
const MAX_MB = IMPORT_MAX_BYTES / (1024 * 1024);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mayImport(ctx: Context) {
  if (!authOf(ctx).ability.can(IMPORT_ABILITY.action, IMPORT_ABILITY.subject)) throw errors.forbidden();
}

/** `mapping` is JSON text: `{ "<header>": "<field id>" | null }`. */
function parseMapping(
  raw: unknown,
  kind: Parameters<typeof importFieldIds>[0],
): Record<string, string | null> | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const bad = () => errors.invalidField('mapping', 'imports.errors.bad_mapping');
  if (typeof raw !== 'string') throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw bad();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw bad();
  const ids = new Set(importFieldIds(kind));
  for (const v of Object.values(parsed))
    if (v !== null && (typeof v !== 'string' || !ids.has(v))) throw bad();
  return parsed as Record<string, string | null>;
}

/**
 * `POST /api/imports/{kind}/preview`: stage `uploads` (the caller is checked before the body is
 * read; the file streams to the upload directory with the 50 MB limit and is removed when the
 * request ends: its cells are kept in the import row).
 */
export function importUploadRoutes(deps: { service: ImportsService; uploadDir: string }): Router {
  const router = new Router({ prefix: '/api/imports' });
  const receive = multipart({ dir: deps.uploadDir, fileBytes: IMPORT_MAX_BYTES, maxFiles: 1 });
  router.post('/:kind/preview', async (ctx: Context) => {
    try {
      mayImport(ctx);
      if (!isImportKind(ctx.params.kind)) throw errors.notFound();
    } catch (err) {
      abandonBody(ctx);
      throw err;
    }
    const kind = ctx.params.kind;
    let received = false;
    try {
      await receive(ctx, async () => {
        received = true;
        const files = (ctx.request.files ?? []).filter((f) => f.size > 0 || f.filename !== '');
        if (files.some((f) => f.field !== 'file')) throw filesNotAccepted();
        const file = files[0];
        if (!file || file.size === 0) throw fileError('imports.errors.file_required');
        const mapping = parseMapping(ctx.request.body?.mapping, kind);
        const sheet = await readSpreadsheet(file.path, { maxRows: IMPORT_MAX_ROWS });
        const auth = authOf(ctx);
        ctx.body = {
          data: await deps.service.preview({
            kind,
            sheet,
            fileName: file.filename || null,
            mapping,
            ctx: { userId: auth.user.id },
            t: ctx.t,
          }),
        };
      });
    } catch (err) {
      if (!received && err instanceof AppError && err.status === 413) {
        throw new AppError(413, 'payload_too_large', 'imports.errors.file_too_large', { max: MAX_MB });
      }
      throw err;
    }
  });
  return router;
}

/** Status, error report, commit and cancel of one import: its creator or the Administrator. */
export function importsRoutes(deps: { service: ImportsService; repo: ImportsRepository }): Router {
  const router = new Router({ prefix: '/api/imports' });
  const { service, repo } = deps;

  async function load(ctx: Context, action: 'read' | 'update') {
    mayImport(ctx);
    const id = ctx.params.id ?? '';
    const imp = UUID.test(id) ? await repo.summary(id) : undefined;
    if (!imp) throw errors.notFound();
    const mine = asSubject('import', { created_by: imp.created_by });
    // Someone else's import does not exist for them.
    if (!authOf(ctx).ability.can(action, mine)) throw errors.notFound();
    return imp;
  }

  router.get('/:id', async (ctx) => {
    ctx.body = { data: service.status(await load(ctx, 'read'), ctx.t) };
  });
  router.get('/:id/errors.xlsx', async (ctx) => {
    const imp = await load(ctx, 'read');
    const full = await repo.results(imp.id);
    if (!full) throw errors.notFound();
    ctx.set('Content-Disposition', attachmentDisposition(`import-errors-${imp.kind}.xlsx`));
    ctx.type = XLSX_MIME;
    ctx.body = await importErrorsReport(full, ctx.t);
  });
  router.post('/:id/commit', async (ctx) => {
    const imp = await load(ctx, 'update');
    await service.commit(imp.id);
    ctx.status = 202;
    ctx.body = { data: { import_id: imp.id, state: 'queued' } };
  });
  router.post('/:id/cancel', async (ctx) => {
    const imp = await load(ctx, 'update');
    ctx.body = { data: { import_id: imp.id, state: await service.cancel(imp.id) } };
  });
  return router;
}

import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { TIME_ZONE } from '@school/shared/domain';
import { findResource, type ResourceDef } from '@school/shared/resources';
import {
  EXPORT_FORMATS,
  tableExportOf,
  type ExportColumn,
  type ExportFormat,
  type TableExport,
} from '@school/shared/table-exports';
import { AppError, errors } from '../../platform/http/app-error.js';
import { attachmentDisposition } from '../../platform/http/content-disposition.js';
import { languageOf, translatorFor, type Translate } from '../../platform/i18n/request-i18n.js';
import { authOf } from '../../platform/security/session-guard.js';
import { createCsvWriter } from '../../platform/spreadsheets/csv-writer.js';
import type { SheetWriter } from '../../platform/spreadsheets/sheet-cells.js';
import { createXlsxWriter, XLSX_MIME } from '../../platform/spreadsheets/xlsx-writer.js';
import { exportBatches, prepareExportQuery } from '../../resource-engine/resource-export-reader.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import type { EngineContext } from '../../resource-engine/sql-expressions.js';
import { cellOf } from './table-export-cells.js';

/** The xlsx cell format of a column kind (money: UAH with two decimals, grouped thousands). */
const FORMAT_OF: Partial<Record<ExportColumn['kind'], 'day' | 'moment' | 'money'>> = {
  date: 'day',
  datetime: 'moment',
  money: 'money',
};

/**
 * Column widths in characters by kind, at least the heading's: a full name or a payer fits
 * without widening by hand, a date or an amount takes no more than it needs.
 */
const WIDTH_OF: Record<ExportColumn['kind'], number> = {
  text: 32,
  label: 22,
  int: 10,
  money: 14,
  date: 12,
  datetime: 17,
  bool: 8,
};

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: XLSX_MIME,
};

/**
 * The columns the caller's table shows: some only to who may (ExportColumn.needs), and none whose
 * relations the caller may not read (a Teacher's studies have no payers): the field guard says
 * so without SQL, as it would answer 403 to the list.
 */
function columnsFor(def: TableExport, engine: EngineContext, resource: ResourceDef): ExportColumn[] {
  const { ability } = engine.auth;
  return def.columns.filter((c) => {
    if (c.needs && !ability.can(c.needs[0] as never, c.needs[1] as never)) return false;
    if (!c.with?.length) return true;
    try {
      prepareExportQuery(engine, resource, '', { with: c.with, select: def.select ?? null });
      return true;
    } catch (err) {
      if (err instanceof AppError && err.status === 403) return false;
      throw err;
    }
  });
}

/** The client's list query without the export's own parameters. */
function listQuery(raw: string): string {
  return raw
    .split('&')
    .filter((part) => part !== '' && !/^(format|lang)=/.test(part))
    .join('&');
}

/**
 * `GET /api/{resource}/export?format=csv|xlsx&<the list's query>` (issue 31, docs/api.md "Exports"):
 * every row the admin table's list would show over all its pages (its filters and sort, the
 * caller's row scope), its visible columns with headings in the caller's language, streamed.
 * Mounted before the generic `GET /api/:resource/:id`, which would read `export` as an id.
 */
export function tableExportsRoutes(deps: { knex: Knex; hooks: HookRegistry }): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/:resource/export', async (ctx) => {
    const resource = findResource(ctx.params.resource);
    const def = tableExportOf(ctx.params.resource);
    if (!resource || !def) throw errors.notFound();
    const auth = authOf(ctx);
    // Who may list the table may export it; the staff app's tables only (families read theirs
    // in the family web, which has no exports).
    if (!auth.ability.can('read', resource.subject as never) || !auth.ability.can('read', 'school_internal'))
      throw errors.forbidden();
    const format = ctx.query.format;
    if (typeof format !== 'string' || !(EXPORT_FORMATS as readonly string[]).includes(format))
      throw errors.invalidField('format', 'validations.in', { attribute: 'format' });
    // `lang`: a browser's download link cannot set Accept-Language (the app's language may differ).
    const lang = typeof ctx.query.lang === 'string' ? languageOf(ctx.query.lang) : ctx.lang;
    const t = translatorFor(lang);
    const engine = { knex: deps.knex, hooks: deps.hooks, auth, language: lang };
    const columns = columnsFor(def, engine, resource);
    // Everything that can answer 400/403 runs before the first byte is sent.
    const q = prepareExportQuery(engine, resource, listQuery(ctx.querystring), {
      with: [...new Set(columns.flatMap((c) => c.with ?? []))],
      select: def.select ?? null,
    });
    const day = DateTime.now().setZone(TIME_ZONE).toISODate();
    const out = new PassThrough();
    const writer =
      format === 'csv'
        ? createCsvWriter(out, { decimalMark: lang === 'en' ? '.' : ',' })
        : createXlsxWriter(out, {
            sheetName: t(def.title),
            formats: columns.map((c) => FORMAT_OF[c.kind]),
            widths: columns.map((c) => Math.max(WIDTH_OF[c.kind], t(c.label).length + 2)),
          });
    ctx.set('Content-Disposition', attachmentDisposition(`${def.fileStem}-${day}.${format}`));
    ctx.set('Cache-Control', 'no-store');
    ctx.type = MIME[format as ExportFormat];
    ctx.body = out;
    void pump(ctx, t, writer, out, columns, exportBatches(engine, q));
  });
  return router;
}

/** Rows to the writer batch by batch; a client that went away stops the reading (and its cursor). */
async function pump(
  ctx: Context,
  t: Translate,
  writer: SheetWriter,
  out: PassThrough,
  columns: ExportColumn[],
  batches: AsyncGenerator<Array<Record<string, unknown>>>,
): Promise<void> {
  try {
    await writer.header(columns.map((c) => t(c.label)));
    // Checked before every row: a write to a destroyed stream would raise an error nobody hears.
    for await (const rows of batches) {
      if (out.destroyed) break;
      for (const row of rows) {
        if (out.destroyed) break;
        await writer.addRow(columns.map((c) => cellOf(c, row, t)));
      }
    }
    if (!out.destroyed) await writer.end();
  } catch (err) {
    // The headers are gone already: a cut-off file (no final chunk) is all the client can be told.
    ctx.log.error({ err }, 'table export failed');
    out.destroy(err as Error);
  }
}

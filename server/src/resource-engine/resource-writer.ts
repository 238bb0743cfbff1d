import type { z } from 'zod';
import { asSubject } from '@school/shared/permissions';
import { findResource, type ResourceDef } from '@school/shared/resources';
import { fieldErrors, type Translate } from '@school/shared/validation';
import { AppError, errors } from '../platform/http/app-error.js';
import { type IfMatch, versionConflict, versionMatches, VersionMismatch } from '../platform/http/if-match.js';
import { conditionAttributes } from './condition-attributes.js';
import { readAccess } from './field-guard.js';
import { deleteError, writeError } from './pg-errors.js';
import { syncRelation } from './relation-writer.js';
import { prepareReadQuery, readResource } from './resource-reader.js';
import type { Row } from './relation-loader.js';
import { scopedFrom } from './sql-builder.js';
import { columnOf, type EngineContext } from './sql-expressions.js';
import type { WriteContext } from './write-hooks.js';

/**
 * Generic create / update / delete. Order of checks: the action (403), the body (422), each sent
 * field against the role's field-limited rules on the stored row (403), then one transaction for
 * the row and its relations, so a failure leaves nothing half-written.
 */
export interface WriteRequest extends EngineContext {
  t: Translate;
  body: Record<string, unknown>;
  /** The request's query string: the answer honours with[] / select[] / withCount[]. */
  query: string;
  /**
   * Rows with `updated_at` (issue 34 point 4): the update's `If-Match`, checked on the row locked
   * in the write's transaction, and, once written, the version the write left (for the ETag).
   */
  version?: { ifMatch?: IfMatch; written?: Date };
}

type Action = 'create' | 'update' | 'delete';

function forbiddenField(field: string): AppError {
  return new AppError(403, 'forbidden', 'resources.forbidden_field', { field });
}

function subjectOf(resource: ResourceDef): NonNullable<ResourceDef['subject']> {
  // Resources without a subject are reference data; their writes need `manage all`.
  return resource.subject ?? ('all' as never);
}

function assertAction(req: EngineContext, resource: ResourceDef, action: Action): void {
  if (!req.auth.ability.can(action, subjectOf(resource))) throw errors.forbidden();
}

function validate(
  schema: z.ZodType | undefined,
  body: Record<string, unknown>,
  t: Translate,
): Record<string, unknown> {
  if (!schema) throw errors.forbidden();
  const result = schema.safeParse(body);
  if (!result.success) throw errors.validation(fieldErrors(result.error, t));
  return result.data as Record<string, unknown>;
}

/** The body's schema: a domain hook's pick (from stored rows) or the registry's static one. */
async function schemaFor(
  req: WriteRequest,
  resource: ResourceDef,
  action: 'create' | 'update',
  existing?: Row,
): Promise<z.ZodType | undefined> {
  const fallback = action === 'create' ? resource.createSchema : resource.updateSchema;
  const resolve = req.hooks.of(resource.name).writeSchema;
  // No static schema means the operation is not offered: a hook does not open it.
  if (!fallback || !resolve) return fallback;
  return resolve({ knex: req.knex, action, body: req.body, existing });
}

/** Keys the client sent that the schema kept: only those are written (no defaults overwrite). */
function sentKeys(body: Record<string, unknown>, data: Record<string, unknown>): string[] {
  return Object.keys(data).filter(
    (k) => Object.prototype.hasOwnProperty.call(body, k) && data[k] !== undefined,
  );
}

function columnValues(
  resource: ResourceDef,
  data: Record<string, unknown>,
  keys: string[],
  action: Action,
): Row {
  const values: Row = {};
  for (const key of keys) {
    const def = resource.fields[key];
    if (!def?.writable || def.commandOnly || (def.createOnly && action !== 'create')) continue;
    values[columnOf(key, def)] = data[key];
  }
  return values;
}

/** A written reference to a scoped resource must point at a row the user can see (422 otherwise). */
async function assertVisibleReferences(
  req: EngineContext,
  resource: ResourceDef,
  values: Row,
): Promise<void> {
  for (const [field, rel] of Object.entries(resource.relations ?? {})) {
    if (rel.kind !== 'belongsTo' || typeof values[rel.foreignKey] !== 'number') continue;
    const target = findResource(rel.resource);
    if (!target || readAccess(target, req) !== 'scoped') continue;
    const found = await scopedFrom(req, target, 'ref')
      .where('ref.id', values[rel.foreignKey] as number)
      .first(req.knex.raw('1 as one'));
    if (!found) throw errors.invalidField(rel.foreignKey || field, 'validations.exists');
  }
}

async function loadExisting(req: EngineContext, resource: ResourceDef, id: number): Promise<Row> {
  const cols = Object.entries(resource.fields).map(([name, def]) =>
    req.knex.raw('??.?? as ??', ['t0', columnOf(name, def), name]),
  );
  const row = (await scopedFrom(req, resource, 't0').where('t0.id', id).first(cols)) as Row | undefined;
  if (!row) throw errors.notFound();
  if (resource.subject) Object.assign(row, await conditionAttributes(req.knex, resource.subject, id));
  return row;
}

function responseQuery(resource: ResourceDef, query: string): string {
  if (/(^|&)withCount(%5B|\[|=)/.test(query) || !resource.writeResponseCounts?.length) return query;
  const counts = resource.writeResponseCounts.map((c) => `withCount[]=${c}`).join('&');
  return query ? `${query}&${counts}` : counts;
}

async function write(
  req: WriteRequest,
  resource: ResourceDef,
  action: 'create' | 'update',
  data: Row,
  keys: string[],
  existing?: Row,
): Promise<number> {
  const hooks = req.hooks.writes(resource.name);
  const input = Object.fromEntries(keys.map((k) => [k, data[k]]));
  const wctx: WriteContext = { knex: req.knex, auth: req.auth, existing, input };
  const values = columnValues(resource, data, keys, action);
  if (action === 'create' && resource.creatorColumn) values[resource.creatorColumn] = req.auth.user.id;
  await hooks.prepare?.(values, wctx);
  await assertVisibleReferences(req, resource, values);
  try {
    return await req.knex.transaction(async (trx) => {
      let id = existing?.id as number;
      const versioned = Boolean(resource.fields.updated_at);
      const returning = versioned ? ['id', 'updated_at'] : ['id'];
      let written: { id: number; updated_at?: Date } | undefined;
      if (action === 'create') {
        [written] = await trx(resource.table).insert(values).returning(returning);
        id = written!.id;
      } else {
        const ifMatch = versioned ? req.version?.ifMatch : undefined;
        if (ifMatch) {
          const locked = (await trx(resource.table).where('id', id).forUpdate().first('updated_at')) as
            { updated_at: Date } | undefined;
          if (!locked) throw errors.notFound();
          if (!versionMatches(ifMatch, locked.updated_at)) throw new VersionMismatch(locked.updated_at);
        }
        if (Object.keys(values).length) {
          if (versioned) values.updated_at = trx.fn.now();
          [written] = await trx(resource.table).where('id', id).update(values).returning(returning);
        } else if (versioned && req.version) {
          written = await trx(resource.table).where('id', id).first(returning);
        }
      }
      if (req.version && written?.updated_at) req.version.written = written.updated_at;
      for (const [name, relation] of Object.entries(resource.relations ?? {})) {
        if (!relation.writable || !keys.includes(name) || hooks.relations?.[name]) continue;
        await syncRelation(trx, name, relation, id, data[name]);
      }
      for (const [name, writer] of Object.entries(hooks.relations ?? {})) {
        if (keys.includes(name)) await writer(trx, id, data[name], wctx);
      }
      await hooks.afterWrite?.(trx, id, wctx);
      return id;
    });
  } catch (err) {
    throw writeError(err, resource);
  }
}

export async function createResource(req: WriteRequest, resource: ResourceDef): Promise<Row> {
  assertAction(req, resource, 'create');
  // The answer's query (with[], select…) is checked before the write: a query refused after the
  // commit would answer 400/403 for a row that was written.
  const answerQuery = responseQuery(resource, req.query);
  prepareReadQuery(req, resource, answerQuery);
  const data = validate(await schemaFor(req, resource, 'create'), req.body, req.t);
  const keys = sentKeys(req.body, data).filter((k) => k !== resource.creatorColumn);
  const subject = resource.subject ? asSubject(resource.subject, { ...data }) : subjectOf(resource);
  for (const key of keys) if (!req.auth.ability.can('create', subject, key)) throw forbiddenField(key);
  // Defaults the schema filled in (trial, miss_status…) are written too on create.
  const all = Object.keys(data).filter((k) => data[k] !== undefined && k !== resource.creatorColumn);
  const id = await write(req, resource, 'create', data, all);
  return readResource(req, resource, id, answerQuery);
}

export async function updateResource(req: WriteRequest, resource: ResourceDef, id: number): Promise<Row> {
  // ResourceDef.creatorMayUpdate: the author edits their own row under their create rule.
  const asCreator =
    Boolean(resource.creatorMayUpdate && resource.creatorColumn) &&
    req.auth.ability.can('create', subjectOf(resource));
  if (!asCreator) assertAction(req, resource, 'update');
  const answerQuery = responseQuery(resource, req.query);
  prepareReadQuery(req, resource, answerQuery);
  const existing = await loadExisting(req, resource, id);
  const data = validate(await schemaFor(req, resource, 'update', existing), req.body, req.t);
  const keys = sentKeys(req.body, data);
  const subject = resource.subject ? asSubject(resource.subject, existing) : subjectOf(resource);
  const rule = req.auth.ability.can('update', subject) ? 'update' : 'create';
  const own = asCreator && existing[resource.creatorColumn!] === req.auth.user.id;
  if (rule === 'create' && !own) throw errors.forbidden();
  for (const key of keys) if (!req.auth.ability.can(rule, subject, key)) throw forbiddenField(key);
  try {
    await write(req, resource, 'update', data, keys, existing);
  } catch (err) {
    if (!(err instanceof VersionMismatch)) throw err;
    // Nothing was written: the caller gets the row as it is now, as this update would answer it,
    // with its version even when the query did not select it (the ETag says it anyway).
    const current = await readResource(req, resource, id, answerQuery);
    current.updated_at ??= err.current.toISOString();
    throw versionConflict(current, err.current);
  }
  return readResource(req, resource, id, answerQuery);
}

export async function deleteResource(req: EngineContext, resource: ResourceDef, id: number): Promise<void> {
  if (resource.protectedIds?.includes(id)) {
    throw errors.conflict('user_protected', 'errors.user_protected');
  }
  // No delete rule at all (and no author's right): 403 before the row is looked up.
  if (!resource.creatorMayDelete) assertAction(req, resource, 'delete');
  const existing = await loadExisting(req, resource, id);
  const subject = resource.subject ? asSubject(resource.subject, existing) : subjectOf(resource);
  const own =
    resource.creatorMayDelete &&
    resource.creatorColumn &&
    existing[resource.creatorColumn] === req.auth.user.id;
  if (!own && !req.auth.ability.can('delete', subject)) throw errors.forbidden();
  const { beforeDelete } = req.hooks.writes(resource.name);
  try {
    await req.knex.transaction(async (trx) => {
      await beforeDelete?.(trx, id, { knex: req.knex, auth: req.auth, existing, input: {} });
      await trx(resource.table).where('id', id).del();
    });
  } catch (err) {
    throw deleteError(err, resource);
  }
}

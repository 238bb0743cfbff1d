import type { z } from 'zod';
import type { Action, SubjectName } from '../permissions/subjects';

/**
 * The resource registry's vocabulary. A resource is declared once (one file per resource) and
 * read by the server's resource engine (query language, SQL, permissions) and by the desktop's
 * generic admin table (columns, filters). Everything except the zod schemas is plain data, so
 * `serializableRegistry()` can hand it to a client as JSON.
 */

/**
 * How a value is typed in filters and answers. `time_hm` is a wall-clock time answered as HH:MM,
 * `time` as HH:MM:SS; `date` is answered as yyyy-MM-dd; `money` is integer minor units.
 */
export type FieldType =
  'int' | 'number' | 'money' | 'string' | 'text' | 'bool' | 'date' | 'datetime' | 'time' | 'time_hm' | 'uuid';

/**
 * Who may see or filter a field or relation: an ability, checked with CASL on the subject name
 * (no row). Never a list of roles: the rules of shared/src/permissions are the one source.
 */
export interface AccessGuard {
  ability?: readonly [Action, SubjectName];
  /**
   * Fields of `users` only: everyone else also reads the field on their own user row (answered
   * as null on every other row). Filtering and sorting on it stay the guard's: they would probe
   * other rows' values.
   */
  self?: boolean;
}

export interface FieldDef {
  type: FieldType;
  /** Database column when it differs from the field name. */
  column?: string;
  /**
   * Columns holding the field in another interface language, by language: answered instead of
   * the field when Accept-Language asks for that language and the row has it (a catalogue's
   * Russian names; the Ukrainian `name` is the fallback). Filters and sorting use the field.
   */
  translations?: Readonly<Partial<Record<'ru' | 'en', string>>>;
  /** filter[field], filterDatesStart[field] (dates), having[field]; default true. */
  filterable?: boolean;
  /** sort[]; default true. */
  sortable?: boolean;
  /** Never answered and never filterable (password hashes, storage keys). */
  hidden?: boolean;
  /** Answered only by default when true (default true); off-by-default fields come with select[]. */
  default?: boolean;
  /** Restricts reading (and filtering on) the field. */
  readableBy?: AccessGuard;
  /** Accepted by generic create/update (after the resource's zod schema). */
  writable?: boolean;
  /** Writable on create only (e.g. a contract's student once packages exist is guarded in SQL). */
  createOnly?: boolean;
  /**
   * Changed only by an explicit business command (transfer, prolong, move to end, subscription
   * generation) or by the database itself; listed so the admin table can show it read-only.
   */
  commandOnly?: string;
  /**
   * A date or date-time where NULL means "not ended yet" (a schedule's `end_at`):
   * `filterDatesStart[field]=d` keeps such rows (`field >= d OR field IS NULL`).
   */
  openEnded?: boolean;
}

interface RelationBase {
  /** Name of the related resource in the registry. */
  resource: string;
  /**
   * Column of this resource's table the relation starts from, when not `id` (a teacher's
   * classes hang off teachers.user_id, not teachers.id). Not used by belongsTo.
   */
  localKey?: string;
  /** Restricts with[]/withCount[]/withFilter[] on this relation (403 otherwise). */
  readableBy?: AccessGuard;
  /**
   * Generic create/update accept this relation as a list (ids for belongsToMany, rows for
   * hasMany) and replace the stored set inside the write's transaction.
   */
  writable?: boolean;
  /** Fixed condition on the related rows (column = value), e.g. only student participants. */
  where?: Readonly<Record<string, string | number | boolean>>;
  /** Default order of the loaded rows: field names, '-' for descending. */
  sort?: readonly string[];
}

export interface BelongsToRelation extends RelationBase {
  kind: 'belongsTo';
  /** Column of this resource's table holding the related id. */
  foreignKey: string;
}

export interface HasManyRelation extends RelationBase {
  kind: 'hasMany' | 'hasOne';
  /** Column of the related table pointing at this resource's id. */
  foreignKey: string;
}

export interface BelongsToManyRelation extends RelationBase {
  kind: 'belongsToMany';
  pivot: {
    table: string;
    /** Pivot column holding this resource's id. */
    foreignKey: string;
    /** Pivot column holding the related id. */
    relatedKey: string;
    /** Pivot columns answered under `pivot` on each related row. */
    columns?: readonly string[];
    /** Fixed condition on pivot rows (e.g. subscription_id IS NOT NULL is written as notNull). */
    where?: Readonly<Record<string, string | number | boolean>>;
    notNull?: readonly string[];
  };
}

export type RelationDef = BelongsToRelation | HasManyRelation | BelongsToManyRelation;

/**
 * A computed attribute: everything about it but its SQL (which the server's feature module
 * supplies, one per declared name: a missing or an undeclared one fails the server's start-up).
 * A client builds a table's filters and sort headers from these flags alone.
 */
export interface ComputedDef {
  type: 'bool' | 'int' | 'number' | 'string' | 'datetime' | 'date' | 'json';
  /** Usable in filter[…], having[…] and withFilter/withHaving conditions. */
  filterable: boolean;
  /** Usable in sort[] (a sort header). */
  sortable: boolean;
  /** Answered on every row, even when select[] does not name it. */
  always?: boolean;
  readableBy?: AccessGuard;
  /**
   * Answered like a default field (without select[] / a `rel:cols` list) when true; otherwise only
   * when selected. For cheap per-row values the spec's answers carry (an invoice's number).
   */
  default?: boolean;
  /** Documented for readers of the registry; the SQL lives in the server's feature hooks. */
  description?: string;
}

export type Operation = 'list' | 'read' | 'create' | 'update' | 'delete';

export interface ResourceDef {
  /** URL segment: GET /api/{name}. */
  name: string;
  table: string;
  /** CASL subject for read/create/update/delete; absent = reference data every signed-in user reads. */
  subject?: Exclude<SubjectName, 'all'>;
  fields: Readonly<Record<string, FieldDef>>;
  relations?: Readonly<Record<string, RelationDef>>;
  /** Computed attributes (their SQL is the server's, by resource and name: ResourceHooks.computed). */
  computed?: Readonly<Record<string, ComputedDef>>;
  /** sort[] used when the client gives none ('-' = descending); `-id` is always appended. */
  defaultSort?: readonly string[];
  /** Relations loaded on every read of this resource (e.g. a user's role). */
  defaultWith?: readonly string[];
  /**
   * Relations a top-level list or read answers without with[] (the teachers listing "includes
   * user, classes, languages…", spec part 2 §7); not loaded when the resource is itself a relation.
   */
  listWith?: readonly string[];
  /** Counts answered after a create/update (e.g. the study modal reads recordings_count). */
  writeResponseCounts?: readonly string[];
  /** Operations the generic routes offer; the rest are business commands or not offered. */
  operations: readonly Operation[];
  /** Column set to the signed-in user's id on create (created_by, creator_id, a message's author). */
  creatorColumn?: string;
  /** The creator (creatorColumn) may delete their own row even without the delete ability. */
  creatorMayDelete?: boolean;
  /**
   * The creator may update their own row with the create ability alone (spec part 1 §6 gates
   * "Edit Report" by `create study_report`; the fields allowed are those of that create rule).
   */
  creatorMayUpdate?: boolean;
  /** Ids generic delete refuses (users: 1). */
  protectedIds?: readonly number[];
  createSchema?: z.ZodType;
  updateSchema?: z.ZodType;
}

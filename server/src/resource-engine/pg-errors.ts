import { resources as i18nResources } from '@school/shared/i18n';
import type { ResourceDef } from '@school/shared/resources';
import { AppError, errors } from '../platform/http/app-error.js';

interface PgError {
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

/** Constraints whose field is not in their name. */
const CONSTRAINT_FIELDS: Record<string, string> = {
  study_user_subscription_owner_check: 'subscriptions',
  study_user_subscription_student_role_check: 'subscriptions',
  study_user_no_overlap: 'users',
  contracts_student_fixed_check: 'student_id',
  users_email_lower_check: 'email',
  subscriptions_eur_pair_check: 'eur_rate',
};

function fieldOf(err: PgError, resource: ResourceDef): string {
  const name = err.constraint ?? '';
  if (CONSTRAINT_FIELDS[name]) return CONSTRAINT_FIELDS[name];
  if (err.column) return err.column;
  const table = err.table ?? resource.table;
  const core = name.startsWith(`${table}_`) ? name.slice(table.length + 1) : name;
  const field = core.replace(/_(check|foreign|unique)$/, '');
  return resource.fields[field] || resource.relations?.[field]
    ? field
    : table === resource.table
      ? field
      : table;
}

/**
 * A database refusal during a generic write, as the client should see it: a field error for
 * checks, missing references and duplicates (422), a conflict for overlaps (409). Anything else
 * is re-thrown for the error middleware.
 */
export function writeError(err: unknown, resource: ResourceDef): unknown {
  if (err instanceof AppError) return err;
  const e = err as PgError;
  switch (e.code) {
    case '23514':
    case '23502':
      return errors.invalidField(fieldOf(e, resource), 'validations.invalid');
    case '23503':
      return errors.invalidField(fieldOf(e, resource), 'validations.exists');
    case '23505':
      return errors.invalidField(fieldOf(e, resource), 'validations.unique');
    default:
      return err;
  }
}

/** Resources whose refused delete has its own message saying what depends on them. */
const DELETE_REASONS: ReadonlySet<string> = new Set(
  Object.keys(i18nResources.uk.translation.resources.delete_restricted_by),
);

/** A delete that money or history depends on: 409 with a translated message, never SQL. */
export function deleteError(err: unknown, resource: ResourceDef): unknown {
  if (err instanceof AppError) return err;
  if ((err as PgError).code === '23503') {
    const key = DELETE_REASONS.has(resource.name)
      ? `resources.delete_restricted_by.${resource.name}`
      : 'resources.delete_restricted';
    return errors.conflict('delete_restricted', key, { resource: resource.name });
  }
  return err;
}

import { canManageAccountOf, userWriteRefusal, type UserWriteRefusal } from '@school/shared/rules';
import { AppError } from '../../platform/http/app-error.js';
import type { WriteContext } from '../../resource-engine/write-hooks.js';
import { roleIdsOf } from './user-roles.repository.js';

/** Relations of a user that link other accounts: writing them changes those accounts too. */
const LINKED_ACCOUNTS = ['childs', 'responsibles'] as const;

function refused(reason: UserWriteRefusal): AppError {
  const key = `errors.${reason === 'own_role' ? 'own_role_change' : reason}`;
  // Role refusals go under the role input, so the user form shows them where the choice is made.
  const fields = reason === 'account_not_manageable' ? undefined : { role_id: [{ key }] };
  return new AppError(403, reason, key, {}, fields);
}

function targetOf(ctx: WriteContext): { id: number; roleId: number } | undefined {
  const row = ctx.existing;
  return row ? { id: Number(row.id), roleId: Number(row.role_id) } : undefined;
}

/**
 * The role-grant rule (shared/src/rules/role-grants.ts) on a user create, update or delete,
 * including accounts linked through childs / responsibles. Throws 403.
 */
export async function assertUserWrite(ctx: WriteContext, roleId: unknown): Promise<void> {
  const actor = { id: ctx.auth.user.id, roleId: ctx.auth.roleId };
  const reason = userWriteRefusal({
    actor,
    target: targetOf(ctx),
    roleId: typeof roleId === 'number' ? roleId : undefined,
  });
  if (reason) throw refused(reason);
  const linked = LINKED_ACCOUNTS.flatMap((name) =>
    Array.isArray(ctx.input[name]) ? (ctx.input[name] as unknown[]) : [],
  );
  const ids = linked.filter((v): v is number => typeof v === 'number');
  for (const linkedRole of await roleIdsOf(ctx.knex, ids)) {
    if (!canManageAccountOf(actor.roleId, linkedRole)) throw refused('account_not_manageable');
  }
}

export function assertUserDelete(ctx: WriteContext): void {
  const reason = userWriteRefusal({
    actor: { id: ctx.auth.user.id, roleId: ctx.auth.roleId },
    target: targetOf(ctx),
  });
  if (reason) throw refused(reason);
}

import type { ApiClient } from '@school/shared/api';
import type { PasswordChangeInput } from '@school/shared/validation';

/** Calls of the staff settings page (spec part 2 §7). */

/** POST /api/users/{id} with `_method=patch`: current_password, new_password, new_password_confirmation. */
export async function changePassword(client: ApiClient, userId: number, body: PasswordChangeInput): Promise<void> {
  await client.post(`/api/users/${userId}`, new URLSearchParams({ _method: 'patch', ...body }));
}

import { expect } from 'vitest';
import type { TestServer } from '@school/server/test/harness.test-kit';

/**
 * After a password change made through the UI: `current` signs `email` in and `previous` no longer
 * does. Then `previous` is put back through the API, so the file's other tests keep the demo one.
 */
export async function expectPasswordChangedThenRestore(
  server: TestServer,
  email: string,
  previous: string,
  current: string,
): Promise<void> {
  const api = server.client();
  expect((await api.post('/login', { email, password: previous })).status).toBe(422);
  expect(await restorePassword(server, email, current, previous)).toBe(200);
}

/** Signs `email` in with `current` and changes it back to `original`; the status of the change (0: sign-in failed). */
export async function restorePassword(
  server: TestServer,
  email: string,
  current: string,
  original: string,
): Promise<number> {
  const api = server.client();
  const login = await api.post('/login', { email, password: current });
  if (login.status !== 200) return 0;
  const change = await api.post(`/api/users/${login.body.data.id}`, {
    _method: 'patch',
    current_password: current,
    new_password: original,
    new_password_confirmation: original,
  });
  return change.status;
}

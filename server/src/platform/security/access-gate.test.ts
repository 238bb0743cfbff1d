import { describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { abilityFor } from '@school/shared/permissions';
import { AppError } from '../http/app-error.js';
import { admit, gateRow, type SubjectLoader } from './access-gate.js';
import type { AuthState } from './auth-state.js';

const TEACHER = 10;
const STUDENT = 20;

function authOf(id: number, roleId: number, childIds: number[] = []): AuthState {
  return {
    user: { id, role_id: roleId },
    roleId,
    childIds,
    ability: abilityFor({ id, roleId, childIds }),
  } as unknown as AuthState;
}

interface Lesson {
  id: number;
  participants: number[];
}
const LESSONS = new Map<number, Lesson>([
  [1, { id: 1, participants: [TEACHER, STUDENT] }],
  [2, { id: 2, participants: [99] }],
]);
const loader: SubjectLoader<Lesson> = {
  subject: 'study',
  load: async (_db, id) => LESSONS.get(id),
  attributes: (row) => ({ user_ids: row.participants }),
};
const db = {} as never;

async function statusOf(run: () => Promise<unknown>): Promise<number | 'ok'> {
  try {
    await run();
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.status;
    throw err;
  }
}

describe('the access gate', () => {
  it('hands over a row the caller reads, tagged for further checks', async () => {
    const { row, subject } = await gateRow(loader, db, authOf(TEACHER, ROLE.Teacher), 1, {
      action: 'update',
      field: 'comment',
    });
    expect(row.id).toBe(1);
    expect(authOf(TEACHER, ROLE.Teacher).ability.can('update', subject, 'comment')).toBe(true);
  });

  it('answers 404 for a missing row and for a row outside the read scope, alike', async () => {
    const teacher = authOf(TEACHER, ROLE.Teacher);
    expect(await statusOf(() => gateRow(loader, db, teacher, 404, {}))).toBe(404);
    expect(await statusOf(() => gateRow(loader, db, teacher, 2, {}))).toBe(404);
  });

  it('answers 403 when the caller sees the row but may not do what they asked', async () => {
    // A Methodologist updates the comment of their study, never its miss status.
    const methodologist = authOf(TEACHER, ROLE.Methodologist);
    expect(
      await statusOf(() => gateRow(loader, db, methodologist, 1, { action: 'update', field: 'comment' })),
    ).toBe('ok');
    expect(
      await statusOf(() => gateRow(loader, db, methodologist, 1, { action: 'update', field: 'miss_status' })),
    ).toBe(403);
    // A Responsible without children reads none of it: 404 before any 403.
    expect(
      await statusOf(() => gateRow(loader, db, authOf(STUDENT, ROLE.Responsible), 1, { action: 'update' })),
    ).toBe(404);
  });

  it('lets a command name its own errors', () => {
    const student = authOf(STUDENT, ROLE.Student);
    const custom = () => new AppError(422, 'validation', 'validations.exists');
    const attempt = () => admit(student, 'study', LESSONS.get(2), loader.attributes, { notFound: custom });
    expect(attempt).toThrow(expect.objectContaining({ status: 422 }));
    const refuse = () => new AppError(403, 'recordings.user_not_allowed', 'recordings.user_not_allowed');
    const upload = () =>
      admit(student, 'study', LESSONS.get(1), loader.attributes, { action: 'delete', forbidden: refuse });
    expect(upload).toThrow(expect.objectContaining({ code: 'recordings.user_not_allowed' }));
  });
});

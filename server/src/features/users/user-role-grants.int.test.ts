import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { DEMO_PASSWORD } from '../../../test/harness.test-kit.js';
import { startKit, type Kit } from '../resources/resource.test-kit.js';

/** Issue 10.3: a Manager must not reach role switching through an Administrator account. */
let kit: Kit;
let adminId: number;
let managerId: number;
let spareAdmin: number;
let n = 0;

const newUser = (roleId: number) => ({
  firstname: 'Грант',
  role_id: roleId,
  source_id: 1,
  active: 1,
  email: `grant-${++n}@example.com`,
});
const asForm = (body: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]));
const roleOf = async (id: number) =>
  (await kit.srv.knex('users').where({ id }).first('role_id'))?.role_id as number | undefined;

beforeAll(async () => {
  kit = await startKit();
  const id = async (email: string) => (await kit.srv.knex('users').where({ email }).first('id')).id as number;
  adminId = await id('admin@example.com');
  managerId = await id('manager@example.com');
  const made = await kit.as.Administrator.post('/api/users', newUser(ROLE.Administrator));
  expect(made.status).toBe(201);
  spareAdmin = made.body.data.id;
});
afterAll(() => kit.srv.close());

describe('a Manager and Administrator accounts', () => {
  it('cannot create an Administrator, with JSON or a form body; nothing is written; the message is translated', async () => {
    const json = newUser(ROLE.Administrator);
    const form = newUser(ROLE.Administrator);
    kit.as.Manager.lang = 'en';
    const en = await kit.as.Manager.post('/api/users', json);
    kit.as.Manager.lang = 'ru';
    const ru = await kit.as.Manager.post('/api/users', asForm(form));
    kit.as.Manager.lang = 'uk';
    for (const res of [en, ru]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('role_not_grantable');
      expect(res.body.errors.role_id).toHaveLength(1);
    }
    expect(en.body.message).toBe('You may not give this role.');
    expect(ru.body.message).toMatch(/[а-я]/i);
    expect(
      await kit.srv.knex('users').whereIn('email', [json.email, form.email]).first('id'),
    ).toBeUndefined();
  });

  it('cannot edit an Administrator: not their password, not their role, not through _method', async () => {
    const password = await kit.as.Manager.patch(`/api/users/${adminId}`, { password: 'taken-over-1' });
    expect(password.status).toBe(403);
    expect(password.body.code).toBe('account_not_manageable');
    const viaForm = await kit.as.Manager.post(
      `/api/users/${spareAdmin}`,
      asForm({ _method: 'patch', role_id: ROLE.Teacher, firstname: 'Змінено' }),
    );
    expect(viaForm.status).toBe(403);
    expect(await roleOf(spareAdmin)).toBe(ROLE.Administrator);
    expect((await kit.srv.knex('users').where({ id: spareAdmin }).first('firstname')).firstname).toBe(
      'Грант',
    );
    expect(
      (await kit.srv.client().post('/login', { email: 'admin@example.com', password: DEMO_PASSWORD })).status,
    ).toBe(200);
  });

  it('cannot delete an Administrator (DELETE or _method=delete)', async () => {
    expect((await kit.as.Manager.delete(`/api/users/${spareAdmin}`)).status).toBe(403);
    const form = await kit.as.Manager.post(`/api/users/${spareAdmin}`, asForm({ _method: 'delete' }));
    expect(form.status).toBe(403);
    expect(form.body.code).toBe('account_not_manageable');
    expect(await roleOf(spareAdmin)).toBe(ROLE.Administrator);
  });

  it('cannot promote anyone, themselves included, to Administrator; nor change their own role', async () => {
    const teacher = kit.ids.teacher;
    const promote = await kit.as.Manager.patch(`/api/users/${teacher}`, { role_id: ROLE.Administrator });
    expect(promote.status).toBe(403);
    expect(promote.body.code).toBe('role_not_grantable');
    expect(await roleOf(teacher)).toBe(ROLE.Teacher);
    const self = await kit.as.Manager.post(
      `/api/users/${managerId}`,
      asForm({ _method: 'patch', role_id: ROLE.Administrator }),
    );
    expect(self.status).toBe(403);
    expect(self.body.code).toBe('own_role');
    expect((await kit.as.Manager.patch(`/api/users/${managerId}`, { role_id: ROLE.Teacher })).status).toBe(
      403,
    );
    expect(await roleOf(managerId)).toBe(ROLE.Manager);
    // Re-sending one's own role with other changes is an ordinary edit.
    expect(
      (
        await kit.as.Manager.patch(`/api/users/${managerId}`, {
          role_id: ROLE.Manager,
          patronymic: 'Іванович',
        })
      ).status,
    ).toBe(200);
  });

  it('cannot link an Administrator as a child or responsible of another account', async () => {
    const parent = kit.ids.parent;
    const before = await kit.srv
      .knex('user_responsibles')
      .where({ responsible_id: parent })
      .pluck('child_id');
    const res = await kit.as.Manager.patch(`/api/users/${parent}`, { childs: [...before, spareAdmin] });
    expect(res.status).toBe(403);
    const asChild = await kit.as.Manager.patch(`/api/users/${kit.ids.student}`, {
      responsibles: [spareAdmin],
    });
    expect(asChild.status).toBe(403);
    expect(
      await kit.srv.knex('user_responsibles').where({ responsible_id: parent }).pluck('child_id'),
    ).toEqual(before);
    expect(
      await kit.srv.knex('user_responsibles').where({ responsible_id: spareAdmin }).first(),
    ).toBeUndefined();
  });

  it('still creates and edits every other role, Manager included', async () => {
    const made = await kit.as.Manager.post('/api/users', asForm(newUser(ROLE.Manager)));
    expect(made.status).toBe(201);
    const changed = await kit.as.Manager.patch(`/api/users/${made.body.data.id}`, { role_id: ROLE.Lead });
    expect(changed.status).toBe(200);
    expect(await roleOf(made.body.data.id)).toBe(ROLE.Lead);
    expect((await kit.as.Manager.delete(`/api/users/${made.body.data.id}`)).status).toBe(204);
  });
});

describe('an Administrator', () => {
  it('creates, re-roles and deletes Administrators, with JSON and form bodies', async () => {
    const made = await kit.as.Administrator.post('/api/users', asForm(newUser(ROLE.Administrator)));
    expect(made.status).toBe(201);
    const id = made.body.data.id as number;
    expect((await kit.as.Administrator.patch(`/api/users/${id}`, { role_id: ROLE.Manager })).status).toBe(
      200,
    );
    expect(
      (
        await kit.as.Administrator.post(
          `/api/users/${id}`,
          asForm({ _method: 'patch', role_id: ROLE.Administrator }),
        )
      ).status,
    ).toBe(200);
    expect(await roleOf(id)).toBe(ROLE.Administrator);
    expect((await kit.as.Administrator.post(`/api/users/${id}`, asForm({ _method: 'delete' }))).status).toBe(
      204,
    );
  });

  it('does not change their own role', async () => {
    const res = await kit.as.Administrator.patch(`/api/users/${adminId}`, { role_id: ROLE.Manager });
    expect(res.status).toBe(403);
    expect(await roleOf(adminId)).toBe(ROLE.Administrator);
  });

  it('playing a Manager (role switch) is held to the Manager rule', async () => {
    const c = await kit.srv.signInAs('Administrator');
    expect((await c.post('/api/role/switch', { role_id: ROLE.Manager })).status).toBe(200);
    const res = await c.post('/api/users', newUser(ROLE.Administrator));
    expect(res.status).toBe(403);
    expect((await c.patch(`/api/users/${spareAdmin}`, { firstname: 'X' })).status).toBe(403);
  });
});

import { ROLE } from '@school/shared/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.test-kit.js';
import {
  addSignedInUser,
  addStudy,
  addUser,
  createSchedulingFixture,
  kyivDay,
  type SchedulingFixture,
} from './scheduling.test-kit.js';

let srv: TestServer;
let fx: SchedulingFixture;

beforeAll(async () => {
  srv = await startTestServer();
  fx = await createSchedulingFixture(srv.knex);
});
afterAll(() => srv?.close());

describe('one slot, many takers', () => {
  it("50 simultaneous moves of different students' studies into one slot: exactly one wins, 49 get 409", async () => {
    // 50 studies of one teacher with 50 different students, spread over days +20 … +24.
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const student = await addUser(srv.knex, ROLE.Student, `Учень${i}`);
      ids.push(
        await addStudy(srv.knex, kyivDay(20 + Math.floor(i / 10), 8 + (i % 10)), [fx.teacherId, student]),
      );
    }
    const [admin, manager] = await Promise.all([srv.signInAs('Administrator'), srv.signInAs('Manager')]);
    const slot = kyivDay(10, 12);
    const results = await Promise.all(
      ids.map((id, i) => (i % 2 ? admin : manager).patch(`/api/studies/${id}`, { start: slot.toISO() })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'slot_taken')).toBe(true);
    const there = await srv
      .knex('study_user')
      .where('user_id', fx.teacherId)
      .whereRaw('period && tstzrange(?, ?)', [slot.toJSDate(), slot.plus({ hours: 1 }).toJSDate()])
      .count<{ count: string }[]>('* as count');
    expect(Number(there[0]!.count)).toBe(1);
    // Only the winner's move is in the history.
    const history = await srv
      .knex('study_date_changes')
      .whereIn('study_id', ids)
      .count<{ count: string }[]>('* as count');
    expect(Number(history[0]!.count)).toBe(1);
  });

  it('a parent and a manager taking the same slot at once: one succeeds, the other gets 409', async () => {
    const [parent, manager] = await Promise.all([srv.signInAs('Responsible'), srv.signInAs('Manager')]);
    const other = await addStudy(srv.knex, kyivDay(25, 9), [fx.teacherId, fx.strangerId]);
    const slot = kyivDay(4, 11).toISO();
    const [a, b] = await Promise.all([
      parent.patch(`/api/studies/${fx.studyA}`, { start: slot }),
      manager.patch(`/api/studies/${other}`, { start: slot }),
    ]);
    // Whoever comes second loses with 409 slot_taken: in the transfer rules when the first one
    // has committed, at the exclusion constraint when both write at once.
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).body.code).toBe('slot_taken');
  });

  it('two parents taking the same slot at once: one succeeds, the other gets 409', async () => {
    // parent@'s other child, and a child of a second family, each alone with the teacher on day +5.
    const second = await addSignedInUser(srv.knex, srv.url, ROLE.Responsible, 'Батько');
    const secondChild = await addUser(srv.knex, ROLE.Student, 'Син');
    await srv.knex('user_responsibles').insert({ child_id: secondChild, responsible_id: second.id });
    const mine = await addStudy(srv.knex, kyivDay(5, 12), [fx.teacherId, fx.siblingId]);
    const theirs = await addStudy(srv.knex, kyivDay(5, 17), [fx.teacherId, secondChild]);
    const first = await srv.signInAs('Responsible');
    for (let round = 0; round < 3; round++) {
      const slot = kyivDay(4, 8 + round).toISO();
      const [a, b] = await Promise.all([
        first.patch(`/api/studies/${mine}`, { start: slot }),
        second.client.patch(`/api/studies/${theirs}`, { start: slot }),
      ]);
      expect([a.status, b.status].sort(), `${a.text} ${b.text}`).toEqual([200, 409]);
      expect((a.status === 409 ? a : b).body.code).toBe('slot_taken');
      const held = await srv
        .knex('study_user')
        .where('user_id', fx.teacherId)
        .whereRaw('period && tstzrange(?, ?)', [
          kyivDay(4, 8 + round).toJSDate(),
          kyivDay(4, 9 + round).toJSDate(),
        ])
        .count<{ count: string }[]>('* as count');
      expect(Number(held[0]!.count)).toBe(1);
    }
  });
});

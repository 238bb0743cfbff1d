import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PANEL_ROLES,
  startPanelsKit,
  type PanelRole,
  type PanelsKit,
} from '../study-tasks/study-panels.test-kit.js';

/**
 * Issue 14.4: `GET api/studies/{id}/evaluation` (spec part 2 §7, the studies table's evaluation
 * modal): score and report for Administrator and Manager; 403 "Access denied" for every other role
 * and 404 "No evaluation found" (both translated, part 2 §8).
 */
let kit: PanelsKit;
let evaluated: number;
beforeAll(async () => {
  kit = await startPanelsKit();
  evaluated = kit.solo;
  await kit.srv
    .knex('evaluations')
    .insert({ study_id: evaluated, score: 7.5, report: 'Учень впевнено розв’язує задачі.' });
});
afterAll(() => kit.close());

describe('GET api/studies/{id}/evaluation', () => {
  it('answers score and report to Administrator and Manager; 403 Access denied to every other role', async () => {
    const expected: Record<PanelRole, number> = {
      Administrator: 200,
      Manager: 200,
      Teacher: 403,
      Methodologist: 403,
      Student: 403,
      Responsible: 403,
      OtherResponsible: 403,
    };
    for (const role of PANEL_ROLES) {
      const res = await kit.as[role].get(`/api/studies/${evaluated}/evaluation`);
      expect([role, res.status]).toEqual([role, expected[role]]);
      if (res.status === 200)
        expect(res.body.data).toMatchObject({
          study_id: evaluated,
          score: 7.5,
          report: 'Учень впевнено розв’язує задачі.',
        });
      else expect(res.body).toEqual({ message: 'Доступ заборонено.', code: 'forbidden' });
    }
  });

  it('404 No evaluation found, in the caller’s language; a missing study is a plain 404', async () => {
    for (const [lang, message] of [
      ['uk', 'Оцінювання не знайдено.'],
      ['ru', 'Оценка не найдена.'],
      ['en', 'No evaluation found.'],
    ] as const) {
      kit.as.Manager.lang = lang;
      const res = await kit.as.Manager.get(`/api/studies/${kit.group}/evaluation`);
      expect([lang, res.status, res.body.message]).toEqual([lang, 404, message]);
    }
    kit.as.Teacher.lang = 'en';
    expect((await kit.as.Teacher.get(`/api/studies/${evaluated}/evaluation`)).body.message).toBe(
      'Access denied.',
    );
    kit.as.Teacher.lang = 'uk';
    kit.as.Manager.lang = 'uk';
    const missing = await kit.as.Manager.get('/api/studies/999999/evaluation');
    expect(missing.status).toBe(404);
    expect(missing.body.message).not.toBe('Оцінювання не знайдено.');
  });
});

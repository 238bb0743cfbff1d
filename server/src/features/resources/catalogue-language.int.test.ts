import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.test-kit.js';

/**
 * Catalogue names in the interface language (issue 12): `name` is the Russian one for
 * Accept-Language ru where the entry has it (migration 021), the Ukrainian one otherwise.
 */

let srv: TestServer;

beforeAll(async () => {
  srv = await startTestServer({ seed: true });
});
afterAll(() => srv?.close());

const names = (body: { data: { id: number; name: string }[] }) =>
  Object.fromEntries(body.data.map((r) => [r.id, r.name]));

describe('catalogue names by Accept-Language', () => {
  it.each(['study_types', 'languages', 'teaching_formats', 'teaching_programs', 'teaching_styles'])(
    '%s: Russian for ru, Ukrainian for uk and as the fallback',
    async (table) => {
      const ru = await srv.signInAs('Responsible', 'ru');
      const uk = await srv.signInAs('Responsible', 'uk');
      const rows = await srv.knex(table).select('id', 'name', 'name_ru').orderBy('id');
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r: { name_ru: string | null }) => r.name_ru)).toBe(true);
      const inRu = await ru.get(`/api/${table}`);
      const inUk = await uk.get(`/api/${table}`);
      expect(inRu.status).toBe(200);
      expect(names(inRu.body)).toEqual(
        Object.fromEntries(rows.map((r: { id: number; name_ru: string }) => [r.id, r.name_ru])),
      );
      expect(names(inUk.body)).toEqual(
        Object.fromEntries(rows.map((r: { id: number; name: string }) => [r.id, r.name])),
      );
      // The column itself is not part of the answer.
      expect(inRu.body.data[0]).not.toHaveProperty('name_ru');
    },
  );

  it('a parent reading in Russian does not read "Індивідуальне", nested relations included', async () => {
    const ru = await srv.signInAs('Responsible', 'ru');
    const types = await ru.get('/api/study_types');
    expect(names(types.body)[1]).toBe('Индивидуальное');
    const studies = await ru.get('/api/studies?with[]=type&select[]=id&select[]=type_id');
    expect(studies.status).toBe(200);
    const typed = (studies.body.data as { type_id: number; type: { name: string } | null }[]).filter(
      (s) => s.type,
    );
    expect(typed.length).toBeGreaterThan(0);
    const ruNames = new Set(Object.values(names(types.body)));
    for (const s of typed) expect(ruNames.has(s.type!.name)).toBe(true);
  });

  it('falls back to the Ukrainian name for an entry without a Russian one; other languages get it too', async () => {
    await srv.knex('study_types').where({ id: 7 }).update({ name_ru: null });
    try {
      const ru = await srv.signInAs('Responsible', 'ru');
      const en = await srv.signInAs('Responsible', 'en');
      expect(names((await ru.get('/api/study_types')).body)[7]).toBe('Методична сесія');
      expect(names((await en.get('/api/study_types')).body)[1]).toBe('Індивідуальне');
      // Filters still read the stored (Ukrainian) name.
      const filtered = await ru.get(`/api/study_types?filter[name]=${encodeURIComponent('Індивідуальне')}`);
      expect(filtered.body.data.map((r: { id: number }) => r.id)).toEqual([1]);
    } finally {
      await srv.knex('study_types').where({ id: 7 }).update({ name_ru: 'Методическая сессия' });
    }
  });
});

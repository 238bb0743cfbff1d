import { describe, expect, it } from 'vitest';
import { buildQueryString } from '@school/shared/api';
import {
  adminTableKey,
  readTableView,
  tableViewSearch,
  toAdminResourceQuery,
  validFilterValue,
  writeTableView,
  type AdminTableConfig,
} from './admin-table-view';

const today = () => '2026-11-24';

const studies: AdminTableConfig = {
  resource: 'studies',
  filters: [
    { key: 'id', type: 'int' },
    { key: 'trial', type: 'bool' },
    { key: 'users', type: 'text', toQuery: (v) => ({ withHaving: { 'users.full_name': `%${v}%` } }) },
    { key: 'start_from', type: 'date', defaultValue: today, toQuery: (v) => ({ filterDatesStart: { start: v } }) },
    { key: 'start_to', type: 'date', defaultValue: today, toQuery: (v) => ({ filterDatesEnd: { start: v } }) },
    { key: 'students_count', type: 'int', defaultValue: () => '1' },
  ],
  with: ['users', 'type'],
};

const read = (config: AdminTableConfig, search: string, stored?: number) => readTableView(config, new URLSearchParams(search), stored);

describe('readTableView', () => {
  it('opens page 1, 5 rows, the table defaults when the URL names nothing', () => {
    expect(read(studies, '')).toEqual({
      page: 1,
      perPage: 5,
      sort: [],
      filters: { start_from: '2026-11-24', start_to: '2026-11-24', students_count: '1' },
    });
  });

  it('takes the page size from the URL first, then the one remembered for the table, then 5', () => {
    expect(read(studies, 'perpage=50', 15).perPage).toBe(50);
    expect(read(studies, '', 15).perPage).toBe(15);
    expect(read(studies, 'perpage=7', 100).perPage).toBe(100);
    expect(read(studies, 'perpage=7', 9).perPage).toBe(5);
  });

  it('reads page and sort, dropping what the registry does not sort and impossible pages', () => {
    expect(read(studies, 'page=3&sort=-start,created_at,nope,-start')).toMatchObject({
      page: 3,
      sort: [
        { field: 'start', desc: true },
        { field: 'created_at', desc: false },
      ],
    });
    expect(read(studies, 'page=0').page).toBe(1);
    expect(read(studies, 'page=x').page).toBe(1);
  });

  it('a default filter named empty in the URL is switched off', () => {
    expect(read(studies, 'start_from=&students_count=').filters).toEqual({ start_to: '2026-11-24' });
  });

  it('other filterable registry fields are preset filters; unknown or badly typed parameters are ignored', () => {
    const view = read({ resource: 'study_reports', filters: [] }, 'study_id=5&user_id=abc&nope=1&password=x&subject=Тема');
    expect(view.filters).toEqual({ study_id: '5', subject: 'Тема' });
    expect(read(studies, 'id=12x&trial=yes').filters).not.toHaveProperty('id');
    expect(read(studies, 'id=12x&trial=yes').filters).not.toHaveProperty('trial');
  });

  it('never treats the form parameters as filters', () => {
    expect(read({ resource: 'studies', filters: [] }, 'edit=5&create').filters).toEqual({});
  });
});

describe('writeTableView', () => {
  it('writes only what differs from the defaults, and reads back to the same view', () => {
    const view = read(studies, '');
    expect(writeTableView(studies, view)).toBe('');
    const changed = { ...view, page: 2, perPage: 15, sort: [{ field: 'start', desc: true }], filters: { users: 'Іва', start_to: '2026-12-01' } };
    const text = writeTableView(studies, changed);
    expect(text).toBe(new URLSearchParams('page=2&perpage=15&sort=-start&start_from=&start_to=2026-12-01&students_count=&users=Іва').toString());
    expect(read(studies, text)).toEqual(changed);
  });

  it('keeps a table default sort out of the URL', () => {
    const reports: AdminTableConfig = { resource: 'study_reports', filters: [], defaultSort: [{ field: 'start', desc: true }] };
    const view = read(reports, '');
    expect(view.sort).toEqual([{ field: 'start', desc: true }]);
    expect(writeTableView(reports, view)).toBe('');
    expect(writeTableView(reports, { ...view, sort: [] })).toBe('sort=');
    expect(read(reports, 'sort=').sort).toEqual([]);
  });
});

describe('tableViewSearch', () => {
  const here = new URLSearchParams('edit=7');
  it('under a form opened from the table, the table keeps the view it was opened from', () => {
    expect(tableViewSearch('/admin/studies', here, '/admin/studies?page=2&users=Іва').toString()).toBe(new URLSearchParams('page=2&users=Іва').toString());
  });
  it('a form opened from elsewhere (the calendar) leaves the table its own query without the form parameters', () => {
    expect(tableViewSearch('/admin/studies', new URLSearchParams('edit=7&id=7'), '/').toString()).toBe('id=7');
  });
  it('a ?create link presets the form, not the table', () => {
    expect(tableViewSearch('/admin/studies', new URLSearchParams('create&start=2026-11-24T10:00&trial=1'), null).toString()).toBe('');
  });
});

describe('toAdminResourceQuery', () => {
  it('builds the studies call: paging, sort, typed registry filters, relation and range filters', () => {
    const view = read(studies, 'page=2&perpage=15&sort=-start&id=12&trial=1&users=Іва');
    const query = toAdminResourceQuery(studies, view);
    expect(query).toEqual({
      page: 2,
      perpage: 15,
      sort: ['-start'],
      filter: { id: 12, students_count: 1, trial: 1 },
      filterDatesStart: { start: '2026-11-24' },
      filterDatesEnd: { start: '2026-11-24' },
      withHaving: { 'users.full_name': '%Іва%' },
      with: ['users', 'type'],
      withCount: undefined,
    });
    expect(buildQueryString(query as never)).toContain('withHaving[users.full_name]=%25%D0%86%D0%B2%D0%B0%25');
  });

  it('text registry fields filter by "contains"; fixed conditions and select[] come with every call', () => {
    const config: AdminTableConfig = {
      resource: 'teachers',
      filters: [{ key: 'priority', type: 'anyOf', defaultValue: () => '1|2|3' }],
      fixed: { withFilter: { 'user.active': 1 } },
      select: ['id', 'priority'],
    };
    const query = toAdminResourceQuery(config, read(config, ''));
    expect(query).toMatchObject({ filter: { priority: '1|2|3' }, withFilter: { 'user.active': 1 }, select: ['id', 'priority'] });
    const users = toAdminResourceQuery({ resource: 'users', filters: [{ key: 'email', type: 'text' }] }, read({ resource: 'users', filters: [{ key: 'email', type: 'text' }] }, 'email=gmail'));
    expect(users.filter).toEqual({ email: '%gmail%' });
  });

  it('keys start with the resource, so a save refreshes every view of it', () => {
    expect(adminTableKey('studies', { page: 1 }).slice(0, 2)).toEqual(['resources', 'studies']);
  });
});

describe('validFilterValue', () => {
  it('accepts what the API accepts', () => {
    expect(validFilterValue('int', '12')).toBe(true);
    expect(validFilterValue('int', '-1')).toBe(false);
    expect(validFilterValue('anyOf', '1|2|99')).toBe(true);
    expect(validFilterValue('anyOf', '1|x')).toBe(false);
    expect(validFilterValue('date', '2026-11-24')).toBe(true);
    expect(validFilterValue('date', 'today')).toBe(false);
    expect(validFilterValue('bool', '1')).toBe(true);
    expect(validFilterValue('text', '  ')).toBe(false);
  });
});

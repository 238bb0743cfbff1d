import { describe, expect, it } from 'vitest';
import { buildQueryString } from '@school/shared/api';
import {
  checkListAction,
  listQueryReducer,
  normalizeListQuery,
  resourceListKey,
  toResourceQuery,
  type ListQuery,
} from './resource-list';

describe('normalizeListQuery', () => {
  it('fills the defaults of a generic table (5 per page, spec part 1 §9)', () => {
    expect(normalizeListQuery('contracts')).toEqual({ page: 1, perPage: 5, sort: [], filters: {} });
  });

  it('orders filters by name and drops empty ones, so equal tables share one cache entry', () => {
    const a = normalizeListQuery('users', { filters: { full_name: ' Іва ', active: true, email: '' } });
    const b = normalizeListQuery('users', { filters: { active: true, full_name: 'Іва' } });
    expect(a).toEqual(b);
    expect(Object.keys(a.filters)).toEqual(['active', 'full_name']);
    expect(resourceListKey('users', a)).toEqual(resourceListKey('users', b));
  });

  it('falls back to a page size the tables offer and to page 1', () => {
    expect(normalizeListQuery('users', { perPage: 1000, page: 0 })).toMatchObject({ perPage: 5, page: 1 });
    expect(normalizeListQuery('users', { perPage: 50, page: 3 })).toMatchObject({ perPage: 50, page: 3 });
  });

  it('refuses a sort or filter the registry does not allow', () => {
    expect(() => normalizeListQuery('users', { sort: [{ field: 'password', desc: false }] })).toThrow(
      /not sortable/,
    );
    expect(() => normalizeListQuery('users', { filters: { nope: 1 } })).toThrow(/not filterable/);
    expect(() => normalizeListQuery('users', { filters: { password: 'x' } })).toThrow(/not filterable/);
    expect(() => checkListAction('users', { type: 'toggleSort', field: 'password' })).toThrow(/not sortable/);
    expect(checkListAction('users', { type: 'toggleSort', field: 'created_at' })).toEqual({
      type: 'toggleSort',
      field: 'created_at',
    });
  });

  it("takes the computed attributes' filters and sorts from the registry alone (ComputedDef flags)", () => {
    expect(
      normalizeListQuery('studies', { sort: [{ field: 'isPaid', desc: true }], filters: { isPaid: 1 } })
        .filters,
    ).toEqual({ isPaid: 1 });
    expect(normalizeListQuery('subscriptions', { filters: { unpaid: 1 } }).filters).toEqual({ unpaid: 1 });
    expect(normalizeListQuery('teachers', { sort: [{ field: 'age', desc: false }] }).sort).toEqual([
      { field: 'age', desc: false },
    ]);
    expect(() =>
      normalizeListQuery('teachers', { sort: [{ field: 'available_workperiods', desc: false }] }),
    ).toThrow(/not sortable/);
    expect(() => normalizeListQuery('users', { filters: { bots_connected: 'x' } })).toThrow(/not filterable/);
  });
});

describe('listQueryReducer', () => {
  const start: ListQuery = { page: 3, perPage: 15, sort: [], filters: {} };

  it('cycles a column ascending, descending, off; the clicked column leads', () => {
    const asc = listQueryReducer(start, { type: 'toggleSort', field: 'created_at' });
    expect(asc.sort).toEqual([{ field: 'created_at', desc: false }]);
    const desc = listQueryReducer(asc, { type: 'toggleSort', field: 'created_at' });
    expect(desc.sort).toEqual([{ field: 'created_at', desc: true }]);
    const two = listQueryReducer(desc, { type: 'toggleSort', field: 'id' });
    expect(two.sort).toEqual([
      { field: 'id', desc: false },
      { field: 'created_at', desc: true },
    ]);
    expect(listQueryReducer(desc, { type: 'toggleSort', field: 'created_at' }).sort).toEqual([]);
  });

  it('goes back to page 1 when the size, sort or a filter changes', () => {
    expect(listQueryReducer(start, { type: 'perPage', perPage: 50 })).toMatchObject({ page: 1, perPage: 50 });
    expect(listQueryReducer(start, { type: 'toggleSort', field: 'id' }).page).toBe(1);
    expect(listQueryReducer(start, { type: 'filter', field: 'id', value: 12 })).toMatchObject({
      page: 1,
      filters: { id: 12 },
    });
    expect(listQueryReducer(start, { type: 'page', page: 4 }).page).toBe(4);
  });

  it('ignores impossible pages and sizes, clears a filter set to empty', () => {
    expect(listQueryReducer(start, { type: 'page', page: 0 })).toBe(start);
    expect(listQueryReducer(start, { type: 'perPage', perPage: 7 })).toBe(start);
    const filtered = listQueryReducer(start, { type: 'filter', field: 'id', value: 5 });
    expect(listQueryReducer(filtered, { type: 'filter', field: 'id', value: '' }).filters).toEqual({});
  });
});

describe('toResourceQuery', () => {
  it('writes the generic table call of spec part 1 §7: text columns "contains", others exact', () => {
    const query = normalizeListQuery('contracts', {
      page: 2,
      perPage: 15,
      sort: [{ field: 'created_at', desc: true }],
      filters: { id: 12 },
    });
    expect(buildQueryString(toResourceQuery('contracts', query) as never)).toBe(
      'page=2&perpage=15&sort[]=-created_at&filter[id]=12',
    );
    const users = normalizeListQuery('users', { filters: { full_name: 'Іва', role_id: 3 } });
    expect(toResourceQuery('users', users).filter).toEqual({ full_name: '%Іва%', role_id: 3 });
  });
});

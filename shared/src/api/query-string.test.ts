import { describe, expect, it } from 'vitest';
import { anyOfFilter, buildQueryString, containsFilter, withQuery } from './query-string';

describe('buildQueryString', () => {
  it('returns an empty string for nothing', () => {
    expect(buildQueryString(undefined)).toBe('');
    expect(buildQueryString({})).toBe('');
  });

  it('writes arrays as key[]=value, in order', () => {
    expect(buildQueryString({ with: ['users', 'users.classes', 'reports'] })).toBe(
      'with[]=users&with[]=users.classes&with[]=reports',
    );
    expect(buildQueryString({ sort: ['-start', '-id'] })).toBe('sort[]=-start&sort[]=-id');
  });

  it('writes objects as key[field]=value, relation fields with dots', () => {
    expect(buildQueryString({ filter: { id: 7, user_id: 3 }, withFilter: { 'users.id': 5 } })).toBe(
      'filter[id]=7&filter[user_id]=3&withFilter[users.id]=5',
    );
    expect(buildQueryString({ withSort: { 'subscriptions.studies.start': 'start' } })).toBe(
      'withSort[subscriptions.studies.start]=start',
    );
  });

  it('percent-encodes values (%, |, spaces, cyrillic) but keeps brackets readable', () => {
    expect(buildQueryString({ filter: { full_name: containsFilter('Іван П') } })).toBe(
      'filter[full_name]=%25%D0%86%D0%B2%D0%B0%D0%BD%20%D0%9F%25',
    );
    expect(buildQueryString({ filter: { id: anyOfFilter([1, 2, 3]) } })).toBe('filter[id]=1%7C2%7C3');
    expect(decodeURIComponent(buildQueryString({ with: ['classes:number'] }))).toBe('with[]=classes:number');
  });

  it('skips null and undefined, writes booleans as 1/0 and dates as ISO', () => {
    const start = new Date(Date.UTC(2025, 0, 2, 3, 4, 5));
    expect(
      buildQueryString({ page: 2, perpage: 15, trial: true, active: false, x: null, y: undefined, start }),
    ).toBe('page=2&perpage=15&trial=1&active=0&start=2025-01-02T03%3A04%3A05.000Z');
    expect(buildQueryString({ with: ['a', null, 'b'] })).toBe('with[]=a&with[]=b');
  });

  it('keeps empty strings (a flag such as ?create)', () => {
    expect(buildQueryString({ create: '' })).toBe('create=');
  });

  it('nests deeper objects', () => {
    expect(buildQueryString({ filterDatesStart: { start: '2025-01-01' } })).toBe(
      'filterDatesStart[start]=2025-01-01',
    );
  });
});

describe('withQuery', () => {
  it('adds ? or & as needed', () => {
    expect(withQuery('/api/studies', { filter: { id: 1 } })).toBe('/api/studies?filter[id]=1');
    expect(withQuery('/api/studies?trial=1', { page: 1 })).toBe('/api/studies?trial=1&page=1');
    expect(withQuery('/api/studies', {})).toBe('/api/studies');
  });
});

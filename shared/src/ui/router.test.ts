import { describe, expect, it } from 'vitest';
import { matchRoute, normalizeBase, stripBase } from './router';

describe('router helpers', () => {
  it('normalizes the base', () => {
    expect(normalizeBase('/')).toBe('');
    expect(normalizeBase('/staff/')).toBe('/staff');
    expect(normalizeBase('./')).toBe('');
  });

  it('strips the base from the pathname', () => {
    expect(stripBase('/staff/login', '/staff/')).toBe('/login');
    expect(stripBase('/staff/', '/staff/')).toBe('/');
    expect(stripBase('/staff', '/staff/')).toBe('/');
    expect(stripBase('/login', '/')).toBe('/login');
    expect(stripBase('/staffroom', '/staff/')).toBe('/staffroom');
  });

  it('matches routes with params', () => {
    expect(matchRoute('/', '/')).toEqual({});
    expect(matchRoute('/login', '/login/')).toEqual({});
    expect(matchRoute('/password/reset/:token', '/password/reset/ab%2Fc')).toEqual({ token: 'ab/c' });
    expect(matchRoute('/password/reset/:token', '/password/reset')).toBeNull();
    expect(matchRoute('/admin/users', '/admin/studies')).toBeNull();
    expect(matchRoute('/x/:id', '/x/%E0%A4%A')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { findResource } from '@school/shared/resources';
import { changedValues, formFields, formIssues, formValuesFromRow } from './resource-form';

const users = findResource('users')!;
const studyReports = findResource('study_reports')!;

describe('resource form', () => {
  it('edits the writable fields and relations of the registry, never hidden ones', () => {
    const fields = formFields(users, 'create');
    expect(fields).toEqual(expect.arrayContaining(['firstname', 'email', 'classes']));
    expect(fields).not.toContain('id');
    expect(fields).not.toContain('created_at');
  });

  it('starts from the stored row, belongsToMany relations as id lists', () => {
    const values = formValuesFromRow(users, {
      id: 4,
      firstname: 'Ірина',
      created_at: 'x',
      classes: [
        { id: 2, number: 5 },
        { id: 3, number: 6 },
      ],
    });
    expect(values).toMatchObject({ firstname: 'Ірина', classes: [2, 3] });
    expect(values).not.toHaveProperty('id');
    expect(values).not.toHaveProperty('created_at');
  });

  it('an update sends only what changed', () => {
    expect(
      changedValues({ firstname: 'A', classes: [1, 2] }, { firstname: 'A', classes: [1, 2, 3] }),
    ).toEqual({ classes: [1, 2, 3] });
    expect(changedValues({ firstname: 'A' }, { firstname: 'A' })).toEqual({});
  });

  it('checks the values with the shared schema the server uses, on the fields the form shows', () => {
    expect(studyReports.createSchema).toBeDefined();
    const issues = formIssues(studyReports, 'create', {}, formFields(studyReports, 'create'));
    expect(issues.length).toBeGreaterThan(0);
    expect(
      issues.every((issue) => formFields(studyReports, 'create').includes(issue.path.split('.')[0])),
    ).toBe(true);
    expect(formIssues(studyReports, 'create', {}, [])).toEqual([]);
  });
});

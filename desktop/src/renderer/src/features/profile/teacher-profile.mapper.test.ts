import { describe, expect, it } from 'vitest';
import { formatBirthdate, sexOf, toTeacherProfileView } from './teacher-profile.mapper';

describe('teacher profile view (spec part 2 §2 "Teacher profile")', () => {
  it('maps sex 1 to male, 2 to female and anything else to unknown', () => {
    expect([1, 2, 0, null, undefined, 7].map(sexOf)).toEqual([
      'male',
      'female',
      'unknown',
      'unknown',
      'unknown',
      'unknown',
    ]);
  });

  it('shows the birthdate as a calendar date, whatever the time part', () => {
    expect(formatBirthdate('1998-01-01')).toBe('01.01.1998');
    expect(formatBirthdate('1998-01-31T00:00:00.000Z')).toBe('31.01.1998');
    expect(formatBirthdate(null)).toBeNull();
    expect(formatBirthdate('not a date')).toBeNull();
  });

  it('joins codes, numbers and names, and leaves empty lists null (N/A)', () => {
    const view = toTeacherProfileView({
      id: 4,
      full_name: 'Шевчук Тарас',
      birthdate: null,
      classes: [
        { id: 1, number: 1 },
        { id: 2, number: 10 },
      ],
      languages: [
        { id: 1, code: 'en' },
        { id: 2, code: 'uk' },
      ],
      notes: [
        { id: 2, content: ' Second ' },
        { id: 1, content: null },
        { id: 3, content: 'First' },
      ],
      teacher: {
        sex: 2,
        manager: { id: 2, full_name: 'Бондаренко Ірина' },
        teaching_formats: [{ id: 1, name: 'Online' }],
        teaching_styles: [],
        teaching_study_types: [
          { id: 1, name: 'Individual' },
          { id: 2, name: 'Pair' },
        ],
      },
    });
    expect(view).toEqual({
      manager: 'Бондаренко Ірина',
      sex: 'female',
      birthdate: null,
      languages: 'en, uk',
      classes: '1 10',
      teachingFormats: 'Online',
      teachingStyles: null,
      studyTypes: 'Individual, Pair',
      programs: null,
      notes: 'Second\n\nFirst',
    });
  });

  it('has N/A everywhere for a user without teacher data', () => {
    const view = toTeacherProfileView({ id: 1, full_name: 'X', birthdate: null, teacher: null });
    expect(view.manager).toBeNull();
    expect(view.sex).toBe('unknown');
    expect(view.notes).toBe('');
  });
});

import { DateTime } from 'luxon';
import { DATE_FORMAT, SEX } from '@school/shared/domain';
import type { TeacherProfileUser } from './teacher-profile.api';

/** What the read-only profile shows; `null` is an empty value (shown as N/A). */
export interface TeacherProfileView {
  manager: string | null;
  sex: 'male' | 'female' | 'unknown';
  birthdate: string | null;
  languages: string | null;
  classes: string | null;
  teachingFormats: string | null;
  teachingStyles: string | null;
  studyTypes: string | null;
  programs: string | null;
  notes: string;
}

const joined = (values: readonly (string | number)[] | undefined, separator = ', '): string | null =>
  values && values.length > 0 ? values.join(separator) : null;

const names = (list: readonly { name: string }[] | undefined) => joined(list?.map((item) => item.name));

/** Spec part 2 §2 "Teacher profile": sex 1 Male, 2 Female, anything else Unknown. */
export function sexOf(sex: number | null | undefined): TeacherProfileView['sex'] {
  if (sex === SEX.Male) return 'male';
  if (sex === SEX.Female) return 'female';
  return 'unknown';
}

/** The birthdate (a calendar date, no time zone) as dd.MM.yyyy. */
export function formatBirthdate(birthdate: string | null | undefined): string | null {
  if (!birthdate) return null;
  const date = DateTime.fromISO(birthdate.slice(0, 10));
  return date.isValid ? date.toFormat(DATE_FORMAT) : null;
}

export function toTeacherProfileView(user: TeacherProfileUser): TeacherProfileView {
  const teacher = user.teacher ?? null;
  return {
    manager: teacher?.manager?.full_name || null,
    sex: sexOf(teacher?.sex),
    birthdate: formatBirthdate(user.birthdate),
    languages: joined(user.languages?.map((language) => language.code)),
    classes: joined(
      user.classes?.map((item) => item.number),
      ' ',
    ),
    teachingFormats: names(teacher?.teaching_formats),
    teachingStyles: names(teacher?.teaching_styles),
    studyTypes: names(teacher?.teaching_study_types),
    programs: names(teacher?.teaching_programs),
    notes: (user.notes ?? [])
      .map((note) => note.content?.trim() ?? '')
      .filter((content) => content !== '')
      .join('\n\n'),
  };
}

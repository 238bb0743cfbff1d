import type { ApiClient } from '@school/shared/api';

/** The teacher profile call of spec part 2 §7. */

interface Named {
  id: number;
  name: string;
}

export interface TeacherProfileUser {
  id: number;
  full_name: string;
  birthdate: string | null;
  classes?: { id: number; number: number }[];
  languages?: { id: number; code: string }[];
  notes?: { id: number; content: string | null }[];
  teacher?: {
    sex: number | null;
    manager?: { id: number; full_name: string } | null;
    teaching_formats?: Named[];
    teaching_styles?: Named[];
    teaching_study_types?: Named[];
    teaching_programs?: Named[];
  } | null;
}

export const teacherProfileKeys = {
  profile: (userId: number) => ['teacher-profile', userId] as const,
};

export const TEACHER_PROFILE_WITH = [
  'classes',
  'languages',
  'notes',
  'teacher.teaching_programs',
  'teacher.teaching_styles',
  'teacher.teaching_formats',
  'teacher.teaching_study_types',
  'teacher.manager',
] as const;

/** GET /api/users?filter[id]={id} with classes, languages, notes and the teacher's data and manager. */
export async function fetchTeacherProfile(
  client: ApiClient,
  userId: number,
): Promise<TeacherProfileUser | null> {
  const answer = await client.get<{ data: TeacherProfileUser[] }>('/api/users', {
    filter: { id: userId },
    with: [...TEACHER_PROFILE_WITH],
  });
  return answer.data[0] ?? null;
}

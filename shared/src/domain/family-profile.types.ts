/**
 * `GET /api/family-profile`: what a Student or a Responsible sees of their own account on the
 * family web's profile page (spec part 1 §1), one definition for the server and the page.
 */
export interface FamilyProfilePhone {
  phone: string;
  /** 1 mobile, 2 home, 3 work (phone_types). */
  type_id: number;
}

export interface FamilyProfileChild {
  id: number;
  full_name: string;
  firstname: string;
  active: boolean;
  classes: number[];
}

/** A teacher of the family's lessons: first name and patronymic (spec part 1 §2), the meeting links. */
export interface FamilyProfileTeacher {
  id: number;
  firstname: string;
  patronymic: string | null;
  zoom: string | null;
  googlemeet: string | null;
  /** Whose lessons they teach: the student, or the parent's children. */
  student_ids: number[];
}

export interface FamilyProfile {
  id: number;
  role_id: number;
  firstname: string;
  surname: string | null;
  patronymic: string | null;
  full_name: string;
  email: string | null;
  birthdate: string | null;
  classes: number[];
  phones: FamilyProfilePhone[];
  /** A Responsible's children; empty for a student. */
  children: FamilyProfileChild[];
  teachers: FamilyProfileTeacher[];
  bots_connected: { telegram: boolean; viber: boolean };
}

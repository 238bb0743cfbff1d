import type {
  MissStatus,
  PhoneTypeId,
  Priority,
  ResponsibleTypeId,
  SexId,
  UserSourceId,
  Weekday,
} from './vocabularies';
import type { RoleId, RoleName } from './roles';

/** Main entities of spec part 1 §3 and part 2 §3. Relations are optional: they appear only when loaded with with[]. */

export type IsoDateTime = string;
/** yyyy-MM-dd */
export type IsoDate = string;
/** Minor units (kopiykas). */
export type Money = number;

export interface Reference {
  id: number;
  name: string;
}

export interface Role extends Reference {
  id: RoleId;
  name: RoleName;
}

export interface Language {
  id: number;
  code: string;
}

export interface Classification {
  id: number;
  number: number;
}

export interface Phone {
  id: number;
  phone: string;
  type_id: PhoneTypeId;
  type?: Reference;
}

export interface MessengerToken {
  uuid: string;
}

export interface UserSummary {
  id: number;
  firstname: string;
  surname: string | null;
  patronymic: string | null;
  full_name: string;
}

export interface User extends UserSummary {
  role_id: RoleId;
  role?: Role & { impersonated?: boolean };
  email: string | null;
  source_id: UserSourceId;
  responsible_type_id: ResponsibleTypeId | null;
  responsible_type?: Reference;
  active: boolean;
  birthdate: IsoDate | null;
  notes: string | null;
  zoom: string | null;
  googlemeet: string | null;
  viber_id?: string | null;
  telegram_id?: string | null;
  bots_connected?: { telegram: boolean; viber: boolean };
  classes?: Classification[];
  phones?: Phone[];
  languages?: Language[];
  childs?: User[];
  responsibles?: User[];
  viber_tokens?: MessengerToken[];
  telegram_tokens?: MessengerToken[];
  teacher?: Teacher;
}

export interface Teacher {
  id: number;
  user_id: number;
  user?: User;
  manager_id: number | null;
  manager?: UserSummary | null;
  sex: SexId;
  priority: Priority;
  teaching_formats?: Reference[];
  teaching_programs?: Reference[];
  teaching_styles?: Reference[];
  teaching_study_types?: Reference[];
  study_durations?: { id: number; minutes: number }[];
  available_workperiods?: { start: IsoDateTime; end: IsoDateTime; futureStudiesCount: number }[];
}

export interface StudyUser extends User {
  pivot?: { subscription_id: number | null };
}

export interface Study {
  id: number;
  start: IsoDateTime;
  end: IsoDateTime;
  type_id: number;
  trial: boolean;
  comment: string | null;
  miss_status: MissStatus;
  created_at: IsoDateTime;
  created_by?: UserSummary | null;
  users?: StudyUser[];
  subscriptions?: Subscription[];
  subscriptions_count?: number;
  recordings_count?: number;
  tasks?: StudyTask[];
  reports?: StudyReport[];
  evaluation?: { score: number | null; report: string | null } | null;
  is_off_template?: boolean;
  isPaid?: boolean;
  isLast?: boolean;
  isBonus?: boolean;
  studyReportCheck?: boolean;
  isNoReport?: boolean;
  isFullStudyReportNeeded?: boolean;
}

export interface StudyTask {
  id: number;
  study_id: number;
  user_id: number;
  creator_id: number;
  file_name: string;
  file_mime: string;
}

export interface StudyMessage {
  id: number;
  study_id: number;
  user_id: number;
  content: string;
  created_at: IsoDateTime;
  user?: UserSummary & { role?: Role };
}

export interface StudyReport {
  id: number;
  study_id: number;
  user_id: number;
  subject: string;
  content: string;
  created_at: IsoDateTime;
  user?: UserSummary;
}

export interface StudyDateChange {
  study_id: number;
  start_old: IsoDateTime;
  start_new: IsoDateTime;
  created_at: IsoDateTime;
  initiated_by: number | null;
  /** A family (Student, Responsible) gets only the role of who moved it. */
  changed_by?: { surname?: string | null; role_id?: number } | null;
  change_comment: string | null;
  study?: Study;
}

export interface Recording {
  id: number;
  study_id: number;
  part: number;
  file_name: string;
  created_at: IsoDateTime;
  archived: boolean;
  creator?: UserSummary & { role?: Role };
  languages?: Language[];
}

export interface Workperiod {
  id: number;
  weekday: Weekday;
  /** HH:MM */
  start_time: string;
  /** Minutes. */
  duration: number;
}

export interface Offperiod {
  id: number;
  start_at: IsoDateTime;
  end_at: IsoDateTime;
}

export interface Schedule {
  id: number;
  user_id: number;
  user?: User | null;
  start_at: IsoDate;
  end_at: IsoDate | null;
  workperiods?: Workperiod[];
  offperiods?: Offperiod[];
}

export interface ContractTemplate {
  id: number;
  name: string;
  url: string | null;
}

export interface InvoiceTemplate {
  id: number;
  name: string;
  entity: string | null;
  bank: string | null;
  contract_template_id: number | null;
}

export interface Contract {
  id: number;
  student_id: number;
  payer_id: number;
  student?: User;
  payer?: User;
  created_by?: Pick<UserSummary, 'firstname' | 'surname'> | null;
  created_at: IsoDateTime;
  end_at: IsoDate | null;
  template_id: number | null;
  template?: ContractTemplate | null;
  invoice_template_id: number | null;
  invoicetemplate?: InvoiceTemplate | null;
  discipline_id: number | null;
  subscriptions?: Subscription[];
  invoices?: Invoice[];
}

export interface StudiesTemplateSlot {
  weekday: Weekday;
  /** H:MM:SS */
  start_time: string;
  duration: number;
}

export interface Subscription {
  id: number;
  contract_id: number;
  contract?: Contract;
  studies?: Pick<Study, 'id' | 'start' | 'end'>[];
  created_by?: Pick<UserSummary, 'firstname' | 'surname'> | null;
  studies_template_type_id: number;
  price_per_study: Money;
  eur_rate: number | null;
  invoices_payed_amount?: Money;
  studies_template?: StudiesTemplateSlot[];
  invoices?: Invoice[];
}

export interface Invoice {
  id: number;
  subscription_id: number;
  amount: Money;
  payed_at: IsoDateTime | null;
  created_at: IsoDateTime;
  created_by?: UserSummary | null;
  template_id: number | null;
  subscription?: Subscription;
}

export interface FeatureFlags {
  recordings_uploader_enabled: boolean;
  [flag: string]: boolean;
}

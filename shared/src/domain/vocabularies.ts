export const RESPONSIBLE_TYPE = { Mom: 1, Dad: 2, Son: 3, Daughter: 4 } as const;
export type ResponsibleTypeId = (typeof RESPONSIBLE_TYPE)[keyof typeof RESPONSIBLE_TYPE];

export const USER_SOURCE = { Unknown: 1, Target: 2, Facebook: 3, Reference: 4, Context: 5, Bots: 6 } as const;
export type UserSourceId = (typeof USER_SOURCE)[keyof typeof USER_SOURCE];

export const PHONE_TYPE = { Mobile: 1, Home: 2, Work: 3 } as const;
export type PhoneTypeId = (typeof PHONE_TYPE)[keyof typeof PHONE_TYPE];

export const SEX = { Unknown: 0, Male: 1, Female: 2 } as const;
export type SexId = (typeof SEX)[keyof typeof SEX];

export const MISS_STATUS = { None: 0, NoShow: 1, BilledMiss: 2 } as const;
export type MissStatus = (typeof MISS_STATUS)[keyof typeof MISS_STATUS];
export const MISS_STATUSES = Object.values(MISS_STATUS) as readonly MissStatus[];

/** Teacher priority options; 99 means "do not offer" and is unchecked in the teachers filter by default. */
export const PRIORITIES = [0, 1, 2, 3, 99] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_FILTER_OPTIONS = [1, 2, 3, 99] as const;
export const PRIORITY_FILTER_DEFAULT = [1, 2, 3] as const;

export const MESSENGER_TYPES = ['viber', 'telegram'] as const;
export type MessengerType = (typeof MESSENGER_TYPES)[number];

/** Weekday numbering of work periods and slots: Sunday 0, Monday 1 … Saturday 6. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export function idsOf(vocabulary: Record<string, number>): number[] {
  return Object.values(vocabulary);
}

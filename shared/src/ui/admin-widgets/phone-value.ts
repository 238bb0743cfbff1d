import { DEFAULT_PHONE_PREFIX, DEFAULT_PHONE_TYPE_ID } from '../../domain/constants';

/**
 * The phone input's model (spec part 2 §3, §9: digits, default prefix 380, type 1 Mobile, Home,
 * Work). A new row starts with the prefix typed, so only the subscriber number is left to type.
 */
export interface PhoneRow {
  /** A stored phone's id; absent for a new one. */
  id?: number;
  phone: string;
  type_id: number;
}

export function newPhoneRow(): PhoneRow {
  return { phone: DEFAULT_PHONE_PREFIX, type_id: DEFAULT_PHONE_TYPE_ID };
}

/**
 * What a pasted or typed number is kept as: spaces, dashes, dots, brackets and a leading + go
 * ("+380 (67) 123-45-67" → "380671234567"); anything else stays, so the numeric rule can say so.
 */
export function normalizePhone(text: string): string {
  return text.replace(/[\s\-().]/g, '').replace(/^\+/, '');
}

/** Only the default prefix typed counts as nothing typed (the required rule answers for it). */
export function phoneForSubmit(row: PhoneRow): PhoneRow {
  const phone = normalizePhone(row.phone);
  return { ...row, phone: phone === DEFAULT_PHONE_PREFIX ? '' : phone };
}

/** Stored phones (`with[]=phones`) as rows of the input. */
export function phoneRowsOf(stored: unknown): PhoneRow[] {
  if (!Array.isArray(stored)) return [];
  return stored
    .filter(
      (row): row is { id: number; phone: string; type_id?: number } =>
        typeof row?.id === 'number' && typeof row?.phone === 'string',
    )
    .map((row) => ({
      id: row.id,
      phone: row.phone,
      type_id: typeof row.type_id === 'number' ? row.type_id : DEFAULT_PHONE_TYPE_ID,
    }));
}

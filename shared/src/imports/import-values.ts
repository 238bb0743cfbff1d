/**
 * How spreadsheet cells written by people become form values (issue 31): `dd.MM.yyyy` and ISO
 * dates, phones in the project's 380 format, UAH amounts with a comma or a dot and spaces between
 * thousands. Anything not understood is returned as it came, so the form schema reports it.
 */

const DMY = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/;

/** `dd.MM.yyyy`, `d.M.yyyy` or ISO → `yyyy-MM-dd`; anything else unchanged. */
export function importDate(text: string): string {
  const value = text.trim();
  const dmy = DMY.exec(value);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  const iso = ISO.exec(value);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  return value;
}

/** A Ukrainian number in any usual spelling (+380…, 0…, 8 0…, with spaces, dashes, brackets) → 380XXXXXXXXX. */
export function importPhone(text: string): string {
  const value = text.trim();
  if (!/^[+\d\s()\-.]+$/.test(value)) return value;
  const digits = value.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('380')) return digits;
  if (digits.length === 11 && digits.startsWith('80')) return `3${digits}`;
  if (digits.length === 10 && digits.startsWith('0')) return `38${digits}`;
  if (digits.length === 9) return `380${digits}`;
  return digits;
}

/** "1 234,50", "1234.50", "1,234.50", "1 234 грн" → kopiykas (123450); null when it is not an amount. */
export function importAmountMinor(text: string): number | null {
  let value = text
    .trim()
    .replace(/(грн\.?|uah|₴)$/i, '')
    .replace(/[\s\u00a0\u202f']/g, '');
  if (!/^-?\d[\d.,]*$/.test(value)) return null;
  const lastComma = value.lastIndexOf(',');
  const lastDot = value.lastIndexOf('.');
  // The last separator followed by 1-2 digits is the decimal one; any other separators group thousands.
  const decimalAt = Math.max(lastComma, lastDot);
  if (decimalAt >= 0 && value.length - decimalAt - 1 <= 2) {
    value = `${value.slice(0, decimalAt).replace(/[.,]/g, '')}.${value.slice(decimalAt + 1)}`;
  } else {
    value = value.replace(/[.,]/g, '');
  }
  const amount = Number(value);
  return Number.isFinite(amount) ? Math.round(amount * 100) : null;
}

const norm = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[.\s]+$/g, '');

const RESPONSIBLE_WORDS: Record<string, number> = {
  ...Object.fromEntries(['мама', 'мати', 'мать', 'mother', 'mom', 'mum'].map((w) => [w, 1])),
  ...Object.fromEntries(['тато', 'батько', 'папа', 'отец', 'father', 'dad'].map((w) => [w, 2])),
  ...Object.fromEntries(
    ['син', 'сын', 'son', 'хлопчик', 'мальчик', 'boy', 'ч', 'чол', 'м', 'муж', 'm', 'male'].map((w) => [
      w,
      3,
    ]),
  ),
  ...Object.fromEntries(
    [
      'донька',
      'дочка',
      'дочь',
      'daughter',
      'дівчинка',
      'девочка',
      'girl',
      'ж',
      'жін',
      'жен',
      'f',
      'female',
    ].map((w) => [w, 4]),
  ),
};

/** "мама", "тато", "Son", "дочь", "ж" or the id → the responsible type id; anything else unchanged. */
export function importResponsibleType(text: string): string | number {
  const id = RESPONSIBLE_WORDS[norm(text)];
  return id ?? text.trim();
}

const SEX_WORDS: Record<string, number> = {
  ...Object.fromEntries(
    ['ч', 'чол', 'чоловіча', 'чоловік', 'м', 'муж', 'мужской', 'мужчина', 'm', 'male', 'man'].map((w) => [
      w,
      1,
    ]),
  ),
  ...Object.fromEntries(
    ['ж', 'жін', 'жіноча', 'жінка', 'жен', 'женский', 'женщина', 'f', 'female', 'woman'].map((w) => [w, 2]),
  ),
  ...Object.fromEntries(['невідомо', 'неизвестно', 'unknown'].map((w) => [w, 0])),
};

/** "ч", "жіноча", "male", "F" or 0/1/2 → the sex id; anything else unchanged. */
export function importSex(text: string): string | number {
  return SEX_WORDS[norm(text)] ?? text.trim();
}

const WEEKDAY_WORDS: Record<string, number> = {
  ...Object.fromEntries(
    ['нд', 'нед', 'неділя', 'вс', 'воскресенье', 'sun', 'sunday', 'su'].map((w) => [w, 0]),
  ),
  ...Object.fromEntries(['пн', 'пон', 'понеділок', 'понедельник', 'mon', 'monday', 'mo'].map((w) => [w, 1])),
  ...Object.fromEntries(['вт', 'вів', 'вівторок', 'вторник', 'tue', 'tuesday', 'tu'].map((w) => [w, 2])),
  ...Object.fromEntries(['ср', 'сер', 'середа', 'среда', 'wed', 'wednesday', 'we'].map((w) => [w, 3])),
  ...Object.fromEntries(['чт', 'чет', 'четвер', 'четверг', 'thu', 'thursday', 'th'].map((w) => [w, 4])),
  ...Object.fromEntries(['пт', "п'ят", "п'ятниця", 'пятница', 'fri', 'friday', 'fr'].map((w) => [w, 5])),
  ...Object.fromEntries(['сб', 'суб', 'субота', 'суббота', 'sat', 'saturday', 'sa'].map((w) => [w, 6])),
};

/**
 * A lesson plan as people write it, "пн 10:00, ср 15:30" or "Mon 10:00; Wed 15:30", → slots
 * (weekday 0 = Sunday, start `H:MM:SS`); null when a part is not understood.
 */
export function importLessonPlan(text: string): { weekday: number; start_time: string }[] | null {
  const parts = text
    .split(/[,;\n]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const slots: { weekday: number; start_time: string }[] = [];
  for (const part of parts) {
    const m = /^([^\d\s]+)\.?\s*(\d{1,2})[:.](\d{2})$/u.exec(part.replace(/’/g, "'"));
    const weekday = m ? WEEKDAY_WORDS[m[1]!.toLowerCase().replace(/\.$/, '')] : undefined;
    if (!m || weekday === undefined) return null;
    slots.push({ weekday, start_time: `${Number(m[2])}:${m[3]}:00` });
  }
  return slots;
}

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

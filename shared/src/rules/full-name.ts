export interface NameParts {
  surname?: string | null;
  firstname?: string | null;
  patronymic?: string | null;
}

function joinNames(parts: readonly (string | null | undefined)[]): string {
  return parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * Full name in the Ukrainian official order "Прізвище Ім’я По батькові" (surname, first name,
 * patronymic), as on contracts and invoices; missing parts are skipped.
 */
export function fullName(user: NameParts): string {
  return joinNames([user.surname, user.firstname, user.patronymic]);
}

/** First name and patronymic: how Students and Responsibles see teachers (part 1 §2). */
export function givenNames(user: NameParts): string {
  return joinNames([user.firstname, user.patronymic]);
}

/** Documents need a surname, first name and patronymic: exactly three words (part 1 §2). */
export function isThreeWordName(name: string | null | undefined): boolean {
  return (name ?? '').trim().split(/\s+/).filter(Boolean).length === 3;
}

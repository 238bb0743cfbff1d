import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AuthUser, AuthUserChild } from '@school/shared/api';
import { ROLE } from '@school/shared/domain';

/**
 * Whose calendar the page shows (spec part 1 §2 "A user selector … remembered in local storage",
 * part 2 §2 "A Responsible sees the list of active students (their children) and has no own entry").
 * A Student sees their own; a Responsible picks one of their active children. The calendar shown is
 * stored with the account it belongs to, so a shared browser never opens another family's child,
 * and start-up can ask for it before the sign-in check answers (calendar-prefetch.ts).
 */
export const CALENDAR_USER_STORAGE_KEY = 'family:calendar-user';

export interface StoredChoice {
  owner: number;
  userId: number;
}

export function readCalendarChoice(): StoredChoice | null {
  try {
    const parsed = JSON.parse(
      localStorage.getItem(CALENDAR_USER_STORAGE_KEY) ?? 'null',
    ) as StoredChoice | null;
    return parsed && Number.isInteger(parsed.owner) && Number.isInteger(parsed.userId) ? parsed : null;
  } catch {
    return null;
  }
}

function readChoice(owner: number): number | null {
  const choice = readCalendarChoice();
  return choice && choice.owner === owner ? choice.userId : null;
}

function storeChoice(choice: StoredChoice): void {
  try {
    localStorage.setItem(CALENDAR_USER_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Storage may be off (private mode): the choice then lasts for this page only.
  }
}

export type CalendarAudience = 'student' | 'responsible' | 'staff';

export interface CalendarUser {
  audience: CalendarAudience;
  /** The children a Responsible may pick (active only); empty for everyone else. */
  children: AuthUserChild[];
  /** The user whose calendar is shown, null until one is chosen. */
  userId: number | null;
  choose(userId: number): void;
}

export function useCalendarUser(user: AuthUser): CalendarUser {
  const audience: CalendarAudience =
    user.role_id === ROLE.Student ? 'student' : user.role_id === ROLE.Responsible ? 'responsible' : 'staff';
  const children = useMemo(
    () => (audience === 'responsible' ? user.childs.filter((c) => c.active) : []),
    [audience, user.childs],
  );
  const [chosen, setChosen] = useState<number | null>(() => readChoice(user.id));

  const choose = useCallback(
    (userId: number) => {
      setChosen(userId);
      storeChoice({ owner: user.id, userId });
    },
    [user.id],
  );

  let userId: number | null = null;
  if (audience === 'student') userId = user.id;
  else if (audience === 'responsible') {
    // A remembered child who is no longer active (or no longer theirs) counts as no choice; even a
    // single active child waits to be picked (spec part 1 §2: the hint until a user is chosen).
    if (chosen !== null && children.some((c) => c.id === chosen)) userId = chosen;
  }
  // Remember what is shown (a Student's own calendar too): the next visit asks for it at once.
  useEffect(() => {
    if (userId !== null) storeChoice({ owner: user.id, userId });
  }, [user.id, userId]);
  return { audience, children, userId, choose };
}

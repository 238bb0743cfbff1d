import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CalendarViewType } from '@school/shared/ui/calendar';

/** UI state of the home calendar (server data lives in react-query, not here). */
export interface CalendarUiState {
  /** Whose calendar is shown; remembered in local storage (spec part 1 §2). */
  selectedUserId: number | null;
  /** The view switched to in this session; null = the role's default (spec part 1 §2). */
  view: CalendarViewType | null;
  /** Hide: work periods, off periods and warning zones hidden, only the studies stay. */
  backgroundHidden: boolean;
  /** This window shows one user's calendar (opened with ?window=calendar&user=<id>). */
  calendarWindow: boolean;
}

export const SELECTED_USER_STORAGE_KEY = 'calendar:user';

/** `?window=calendar&user=<id>`: a window opened for one user's calendar (desktop menu, user picker). */
export function readCalendarWindowUser(search: string): number | null {
  const query = new URLSearchParams(search);
  if (query.get('window') !== 'calendar') return null;
  const id = Number(query.get('user'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function readRememberedUser(): number | null {
  try {
    const stored = Number(globalThis.localStorage?.getItem(SELECTED_USER_STORAGE_KEY) ?? '');
    return Number.isSafeInteger(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

export function writeRememberedUser(userId: number | null): void {
  try {
    if (userId === null) globalThis.localStorage?.removeItem(SELECTED_USER_STORAGE_KEY);
    else globalThis.localStorage?.setItem(SELECTED_USER_STORAGE_KEY, String(userId));
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** A calendar window starts on its own user; the main window on the remembered one. */
export function initialCalendarUi(
  calendarWindowUserId: number | null,
  remembered: number | null,
): CalendarUiState {
  return {
    selectedUserId: calendarWindowUserId ?? remembered,
    view: null,
    backgroundHidden: false,
    calendarWindow: calendarWindowUserId !== null,
  };
}

export const calendarUiSlice = createSlice({
  name: 'calendarUi',
  initialState: () => initialCalendarUi(null, null),
  reducers: {
    userSelected(state, action: PayloadAction<number | null>) {
      state.selectedUserId = action.payload;
    },
    viewChanged(state, action: PayloadAction<CalendarViewType>) {
      state.view = action.payload;
    },
    /** After a role switch the view starts over at the new role's default. */
    viewReset(state) {
      state.view = null;
    },
    backgroundToggled(state) {
      state.backgroundHidden = !state.backgroundHidden;
    },
  },
});

export const { userSelected, viewChanged, viewReset, backgroundToggled } = calendarUiSlice.actions;

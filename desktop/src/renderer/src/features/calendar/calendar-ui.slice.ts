import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isCalendarView, type CalendarViewType } from '@school/shared/ui/calendar';

/** UI state of the home calendar (server data lives in react-query, not here). */
export interface CalendarUiState {
  /** Whose calendar is shown; remembered in local storage (spec part 1 §2). */
  selectedUserId: number | null;
  /** The view the user switched to; null = the role's default. */
  view: CalendarViewType | null;
  /** Hide: work periods, off periods and warning zones hidden, only the studies stay. */
  backgroundHidden: boolean;
}

export const SELECTED_USER_STORAGE_KEY = 'calendar:user';
const VIEW_STORAGE_KEY = 'calendar:view';

function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

function initialState(): CalendarUiState {
  const stored = Number(readStorage(SELECTED_USER_STORAGE_KEY));
  const view = readStorage(VIEW_STORAGE_KEY);
  return {
    selectedUserId: Number.isSafeInteger(stored) && stored > 0 ? stored : null,
    view: isCalendarView(view) ? view : null,
    backgroundHidden: false,
  };
}

export const calendarUiSlice = createSlice({
  name: 'calendarUi',
  initialState,
  reducers: {
    userSelected(state, action: PayloadAction<number | null>) {
      state.selectedUserId = action.payload;
    },
    viewChanged(state, action: PayloadAction<CalendarViewType>) {
      state.view = action.payload;
    },
    backgroundToggled(state) {
      state.backgroundHidden = !state.backgroundHidden;
    },
  },
});

export const { userSelected, viewChanged, backgroundToggled } = calendarUiSlice.actions;

/** Keeps the remembered choices in local storage (called from the store's subscription). */
export function persistCalendarUi(state: CalendarUiState): void {
  writeStorage(SELECTED_USER_STORAGE_KEY, state.selectedUserId === null ? null : String(state.selectedUserId));
  writeStorage(VIEW_STORAGE_KEY, state.view);
}

import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import {
  calendarUiSlice,
  initialCalendarUi,
  type CalendarUiState,
} from '../features/calendar/calendar-ui.slice';

export interface AppStoreOptions {
  /** The user a calendar window was opened for (?window=calendar&user=<id>), else null. */
  calendarWindowUserId: number | null;
  /** The main window's last choice (local storage). */
  rememberedUserId: number | null;
  /** Called when the main window's choice changes (local storage and the desktop settings). */
  rememberUser(userId: number | null): void;
}

/** Redux holds UI state only (selected user, view, toggles); server data is react-query's. */
export function createAppStore(options: AppStoreOptions) {
  const store = configureStore({
    reducer: { calendarUi: calendarUiSlice.reducer },
    preloadedState: { calendarUi: initialCalendarUi(options.calendarWindowUserId, options.rememberedUserId) },
  });
  let last: CalendarUiState = store.getState().calendarUi;
  store.subscribe(() => {
    const next = store.getState().calendarUi;
    // A calendar window's picker is its own: it never changes what the main window remembers.
    if (next.selectedUserId !== last.selectedUserId && !next.calendarWindow)
      options.rememberUser(next.selectedUserId);
    last = next;
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<AppState>();

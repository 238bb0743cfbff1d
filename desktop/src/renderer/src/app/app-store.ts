import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { calendarUiSlice, persistCalendarUi } from '../features/calendar/calendar-ui.slice';

/** Redux holds UI state only (selected user, view, toggles); server data is react-query's. */
export function createAppStore() {
  const store = configureStore({ reducer: { calendarUi: calendarUiSlice.reducer } });
  let last = store.getState().calendarUi;
  store.subscribe(() => {
    const next = store.getState().calendarUi;
    if (next !== last) persistCalendarUi(next);
    last = next;
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<AppState>();

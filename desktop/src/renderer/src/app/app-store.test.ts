import { describe, expect, it, vi } from 'vitest';
import {
  readCalendarWindowUser,
  userSelected,
  viewChanged,
  viewReset,
} from '../features/calendar/calendar-ui.slice';
import { createAppStore } from './app-store';

describe('calendar windows and the remembered user', () => {
  it('reads ?window=calendar&user=<id> and nothing else as a calendar window', () => {
    expect(readCalendarWindowUser('?user=12&window=calendar')).toBe(12);
    expect(readCalendarWindowUser('?user=12')).toBeNull();
    expect(readCalendarWindowUser('?window=calendar')).toBeNull();
    expect(readCalendarWindowUser('?window=calendar&user=-3')).toBeNull();
    expect(readCalendarWindowUser('?window=calendar&user=1.5')).toBeNull();
  });

  it('the main window starts on the remembered user and remembers each new choice', () => {
    const rememberUser = vi.fn();
    const store = createAppStore({ calendarWindowUserId: null, rememberedUserId: 7, rememberUser });
    expect(store.getState().calendarUi).toMatchObject({
      selectedUserId: 7,
      calendarWindow: false,
      view: null,
    });
    store.dispatch(userSelected(9));
    store.dispatch(viewChanged('dayGridMonth'));
    expect(rememberUser.mock.calls).toEqual([[9]]);
    store.dispatch(viewReset());
    expect(store.getState().calendarUi.view).toBeNull();
  });

  it('a calendar window shows its own user and never changes what the main window remembers', () => {
    const rememberUser = vi.fn();
    const store = createAppStore({ calendarWindowUserId: 12, rememberedUserId: 7, rememberUser });
    expect(store.getState().calendarUi).toMatchObject({ selectedUserId: 12, calendarWindow: true });
    store.dispatch(userSelected(3));
    expect(store.getState().calendarUi.selectedUserId).toBe(3);
    expect(rememberUser).not.toHaveBeenCalled();
  });
});

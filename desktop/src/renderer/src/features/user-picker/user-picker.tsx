import { Button, FormGroup, HTMLSelect, Tooltip } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE } from '@school/shared/domain';
import { useApi, useAuth } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { fetchTeachers, userPickerKeys, type PickableUser } from './user-picker.api';

export interface PickableUsers {
  options: PickableUser[];
  loading: boolean;
}

/**
 * Whose calendars the signed-in user can pick (spec part 1 §2, part 2 §2): those who manage users
 * choose among themselves (first) and the active teachers and methodologists; a Responsible among
 * their active children (no own entry); everyone else sees themselves.
 */
export function usePickableUsers(): PickableUsers {
  const { user } = useAuth();
  const { client } = useApi();
  const managesUsers = useAbility().can('manage', 'user');
  const teachers = useQuery({
    queryKey: userPickerKeys.teachers,
    queryFn: () => fetchTeachers(client),
    enabled: managesUsers,
    staleTime: 5 * 60_000,
  });
  const options = useMemo((): PickableUser[] => {
    if (!user) return [];
    if (user.role_id === ROLE.Responsible) {
      // The children come with the signed-in user (GET api/user answers them for a Responsible).
      return user.childs
        .filter((c) => c.active)
        .map((c) => ({ id: c.id, full_name: c.full_name, role_id: ROLE.Student }));
    }
    const self: PickableUser = { id: user.id, full_name: user.full_name, role_id: user.role_id };
    if (!managesUsers) return [self];
    // "Others see themselves first" (part 2): an Administrator or Manager too, teaching or not.
    return [self, ...(teachers.data ?? []).filter((u) => u.id !== user.id)];
  }, [user, managesUsers, teachers.data]);
  return { options, loading: managesUsers && teachers.isPending };
}

export interface UserPickerProps extends PickableUsers {
  value: number | null;
  onChange: (userId: number | null) => void;
  /** Opens the chosen user's calendar in a window of its own (desktop window, or a browser tab). */
  onOpenWindow?: (userId: number) => void;
}

export function UserPicker({ value, onChange, options, loading, onOpenWindow }: UserPickerProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <FormGroup
      label={t('calendarUi.picker.label')}
      labelFor="calendar-user-picker"
      inline
      className="user-picker"
    >
      <div className="user-picker__row">
        <HTMLSelect
          id="calendar-user-picker"
          data-testid="user-picker"
          value={value === null ? '' : String(value)}
          disabled={loading}
          onChange={(event) => onChange(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
        >
          <option value="">
            {loading ? t('calendarUi.picker.loading') : t('calendarUi.picker.placeholder')}
          </option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.id === user?.id
                ? t('calendarUi.picker.me', { name: option.full_name })
                : option.full_name}
            </option>
          ))}
        </HTMLSelect>
        {onOpenWindow ? (
          <Tooltip content={t('calendarUi.picker.openWindow')} disabled={value === null}>
            <Button
              icon="share"
              variant="minimal"
              aria-label={t('calendarUi.picker.openWindow')}
              disabled={value === null}
              onClick={() => value !== null && onOpenWindow(value)}
              data-testid="open-calendar-window"
            />
          </Tooltip>
        ) : null}
      </div>
    </FormGroup>
  );
}

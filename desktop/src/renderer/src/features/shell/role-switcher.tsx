import { MenuDivider, MenuItem } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataEnvelope } from '@school/shared/api';
import { TOAST_MS, type RoleId } from '@school/shared/domain';
import { SWITCHABLE_ROLE_IDS } from '@school/shared/permissions';
import type { AuthUser } from '@school/shared/api';
import { useApi, useAuth, useRoleName } from '@school/shared/ui';
import { useAppDispatch } from '../../app/app-store';
import { useServices } from '../../app/services-context';
import { viewReset } from '../calendar/calendar-ui.slice';

const SWITCHABLE: readonly RoleId[] = SWITCHABLE_ROLE_IDS;

/**
 * Role switcher of the user dropdown (spec part 2 §2; POST /api/role/switch and /restore).
 * Shown only with `switch role`; while switched, the own role comes back with one click.
 * Every cached answer belongs to the old role, so the cache is dropped after a switch.
 */
export function RoleSwitcherItems() {
  const { t } = useTranslation();
  const { user, refresh } = useAuth();
  const { client } = useApi();
  const { toasts } = useServices();
  const roleName = useRoleName();
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  const apply = async (answer: DataEnvelope<AuthUser>) => {
    queryClient.clear();
    dispatch(viewReset());
    await refresh();
    toasts.show({
      intent: 'primary',
      message: t('calendarUi.role.switched', { role: roleName(answer.data.role) }),
      timeoutMs: TOAST_MS.short,
    });
  };
  const switchRole = useMutation({
    mutationFn: (roleId: RoleId) =>
      client.post<DataEnvelope<AuthUser>>('/api/role/switch', { role_id: roleId }),
    onSuccess: apply,
  });
  const restore = useMutation({
    mutationFn: () => client.post<DataEnvelope<AuthUser>>('/api/role/restore'),
    onSuccess: apply,
  });
  if (!user) return null;
  const busy = switchRole.isPending || restore.isPending;
  return (
    <>
      <MenuDivider title={t('nav.switchRole')} />
      {SWITCHABLE.filter((id) => id !== user.role_id).map((id) => (
        <MenuItem
          key={id}
          icon="swap-horizontal"
          text={roleName({ id, name: '' })}
          disabled={busy}
          onClick={() => switchRole.mutate(id)}
          data-testid={`role-switch-${id}`}
        />
      ))}
      {user.role.impersonated ? (
        <MenuItem
          icon="undo"
          text={t('nav.restoreRole')}
          disabled={busy}
          onClick={() => restore.mutate()}
          data-testid="role-restore"
        />
      ) : null}
      <MenuDivider />
    </>
  );
}

import { useEffect } from 'react';
import { useAuth, useRouter } from '@school/shared/ui';
import { useServices } from '../../app/services-context';

/**
 * Keeps the desktop app menu in step with this window: it lists the signed-in role's sections,
 * and a section chosen there (or by its shortcut) opens here. Renders nothing; a no-op in a browser.
 */
export function DesktopMenuSync() {
  const { native } = useServices();
  const { user, status } = useAuth();
  const { navigate } = useRouter();
  const role = status === 'signed-in' ? (user?.role.name ?? null) : null;

  useEffect(() => {
    if (status === 'loading') return;
    void native.setMenuRole(role).catch(() => undefined);
  }, [native, role, status]);

  useEffect(
    () => native.onNavigate((path, search) => navigate(search ? `${path}${search}` : path)),
    [native, navigate],
  );
  return null;
}

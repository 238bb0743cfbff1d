import { useMemo } from 'react';
import { ROLE } from '@school/shared/domain';
import { useAuth } from '../auth-context';
import { panelAbility, type PanelAbility } from './panel-ability';
import type { PanelViewer } from './study-panels.rules';

const NOBODY: PanelViewer = { id: 0, roleId: ROLE.Guest, childIds: [] };

/** The signed-in viewer and their CASL ability (from the rules the server sent with the user). */
export function usePanelAccess(): { viewer: PanelViewer; ability: PanelAbility } {
  const { user } = useAuth();
  return useMemo(() => {
    if (!user) return { viewer: NOBODY, ability: panelAbility([]) };
    return {
      viewer: { id: user.id, roleId: user.role_id, childIds: user.childs.map((child) => child.id) },
      ability: panelAbility(user.abilities),
    };
  }, [user]);
}

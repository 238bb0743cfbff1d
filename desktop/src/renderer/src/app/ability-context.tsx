import { useMemo } from 'react';
import { useAuth } from '@school/shared/ui';
import { createAbility, type AppAbility } from '@school/shared/permissions';

const NONE = createAbility([]);

/** The signed-in user's CASL ability, from the rules the server sent with the user. */
export function useAbility(): AppAbility {
  const { user } = useAuth();
  return useMemo(() => (user ? createAbility(user.abilities) : NONE), [user]);
}

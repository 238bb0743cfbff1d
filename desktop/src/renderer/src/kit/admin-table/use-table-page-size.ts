import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PageSize } from '@school/shared/domain';
import { useServices } from '../../app/services-context';
import type { DesktopSettings } from '../../platform/native-bridge.types';

const SETTINGS_KEY = ['desktop-settings'] as const;

/**
 * The page size chosen for a table, remembered across sessions (spec part 1 §9: "kept in local
 * storage") in the desktop settings (`tablePageSizes`: electron-store in Electron, local storage
 * in the browser), like the language and the last calendar user.
 */
export function useTablePageSize(table: string): {
  ready: boolean;
  perPage: number | undefined;
  remember(perPage: number): void;
} {
  const { native } = useServices();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => native.getSettings().catch((): DesktopSettings => ({})),
    staleTime: Infinity,
    // The machine's own settings: read offline too (react-query pauses network queries then).
    networkMode: 'always',
    meta: { silent: true },
  });
  const remember = useCallback(
    (perPage: number) => {
      const sizes = {
        ...(queryClient.getQueryData<DesktopSettings>(SETTINGS_KEY)?.tablePageSizes ?? {}),
        [table]: perPage as PageSize,
      };
      queryClient.setQueryData<DesktopSettings>(SETTINGS_KEY, (old) => ({
        ...(old ?? {}),
        tablePageSizes: sizes,
      }));
      void native.setSetting({ key: 'tablePageSizes', value: sizes }).catch(() => undefined);
    },
    [native, queryClient, table],
  );
  return { ready: !settings.isPending, perPage: settings.data?.tablePageSizes?.[table], remember };
}

import { Spinner } from '@blueprintjs/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '@school/shared/ui';
import { LiveLoadCacheContext, publishResync, type LiveLoadCache } from '@school/shared/ui/study-panels';
import { connectivity } from './connectivity';
import type { OfflineCache } from './offline-cache';

/** The study modal's panels keep their last answers in the query cache, so they persist with it. */
export function queryLiveLoadCache(queryClient: QueryClient): LiveLoadCache {
  return {
    read: (key) => queryClient.getQueryData(['study-panel', key]),
    write: (key, data) => void queryClient.setQueryData(['study-panel', key], data),
  };
}

/**
 * Between the session check and the screens: once someone is signed in, their persisted cache is
 * restored before any screen asks for data (a screen offline then shows it instead of waiting);
 * a session that ended stops the saving (an explicit sign-out already deleted the cache).
 */
export function OfflineCacheGate({ cache, children }: { cache: OfflineCache; children: ReactNode }) {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const liveCache = useMemo(() => queryLiveLoadCache(queryClient), [queryClient]);
  const [readyFor, setReadyFor] = useState<number | null>(null);
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;

  // Back online, everything shown may be hours old (restored data looks fresh to react-query):
  // the screens load again, the study panels too.
  useEffect(() => {
    let wasOffline = !connectivity.getState().online;
    return connectivity.subscribe((state) => {
      if (!state.online) wasOffline = true;
      else if (wasOffline) {
        wasOffline = false;
        void queryClient.invalidateQueries();
        publishResync();
      }
    });
  }, [queryClient]);

  useEffect(() => {
    if (!user || userId === null) {
      cache.stop();
      return;
    }
    let live = true;
    void cache
      .start(user)
      .catch(() => undefined)
      .finally(() => live && setReadyFor(userId));
    return () => {
      live = false;
    };
  }, [cache, user, userId]);

  if (userId !== null && readyFor !== userId) {
    return (
      <div className="center-screen" data-testid="loading">
        <Spinner />
      </div>
    );
  }
  return <LiveLoadCacheContext.Provider value={liveCache}>{children}</LiveLoadCacheContext.Provider>;
}

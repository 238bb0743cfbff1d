import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_MS, type MessengerType } from '@school/shared/domain';
import { useApi } from './api-context';
import type { ToastMessage } from './toast-bus';

export type BotsConnected = Record<MessengerType, boolean>;
export const BOT_TYPES: readonly MessengerType[] = ['telegram', 'viber'];
/** Messengers' own names (not translated). */
export const BOT_LABEL: Record<MessengerType, string> = { telegram: 'Telegram', viber: 'Viber' };

export interface MessengerBots {
  connected: BotsConnected | null;
  busy: MessengerType | null;
  connect(type: MessengerType): Promise<void>;
  disconnect(type: MessengerType): Promise<void>;
}

type ShowToast = (toast: Omit<ToastMessage, 'id'>) => void;

export interface MessengerLink {
  /** `${userId}:${type}` of the link being made, or null. */
  busy: string | null;
  /** Makes that user's connect link and copies it, with the 15 s toasts; true when copied. */
  copy(userId: number, type: MessengerType): Promise<boolean>;
}

/**
 * One user's connect link (part 2 §7 POST api/users/{id}/generate_messenger_token, §8, §9): the
 * server answers the Telegram deep link with a start token or the Viber public account with the
 * token as text; it is copied to the clipboard with the 15 s toast (top centre), or the failure
 * toast. Used by the settings pages (one's own) and the staff users table (anyone's the caller may
 * issue a token for; the server decides).
 */
export function useMessengerLink(showToast: ShowToast): MessengerLink {
  const { t } = useTranslation();
  const { client: api } = useApi();
  const [busy, setBusy] = useState<string | null>(null);
  const copy = useCallback(
    async (userId: number, type: MessengerType) => {
      setBusy(`${userId}:${type}`);
      const label = BOT_LABEL[type];
      try {
        const res = await api.post<{ data: { link: string } }>(
          `/api/users/${userId}/generate_messenger_token`,
          { token_type: type },
        );
        await navigator.clipboard.writeText(res.data.link);
        showToast({
          intent: 'success',
          title: t('bots.toasts.successTitle'),
          message: t('bots.toasts.linkCopied', { type: label }),
          timeoutMs: TOAST_MS.medium,
        });
        return true;
      } catch {
        showToast({
          intent: 'danger',
          title: t('bots.toasts.errorTitle'),
          message: t('bots.toasts.linkNotCopied', { type: label }),
          timeoutMs: TOAST_MS.medium,
        });
        return false;
      } finally {
        setBusy(null);
      }
    },
    [api, showToast, t],
  );
  return { busy, copy };
}

/**
 * The bot buttons of both settings pages (spec part 2 §2, §7, §8, §9): Connect asks for a
 * one-time token and copies the bot link (Telegram deep link, Viber public account) to the
 * clipboard, with the 15 s copy toasts; Disconnect calls GET /{type}/disconnect. The query flags
 * viber_connected / telegram_connected (the way back from a bot) show a 10 s success toast.
 */
export function useMessengerBots(userId: number | null, showToast: ShowToast): MessengerBots {
  const { t } = useTranslation();
  const { client: api } = useApi();
  const [connected, setConnected] = useState<BotsConnected | null>(null);
  const [busy, setBusy] = useState<MessengerType | null>(null);

  const load = useCallback(async () => {
    const res = await api.get<{ data: { bots_connected: BotsConnected } }>('/api/bots/status');
    setConnected(res.data.bots_connected);
  }, [api]);

  useEffect(() => {
    if (userId !== null) void load().catch(() => undefined);
  }, [userId, load]);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    for (const type of BOT_TYPES) {
      if (params.has(`${type}_connected`)) {
        showToast({
          intent: 'success',
          title: t('bots.toasts.successTitle'),
          message: t('bots.toasts.connected', { type: BOT_LABEL[type] }),
          timeoutMs: TOAST_MS.short,
        });
      }
    }
    // Once: the flags are the way back from a bot, not part of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { copy: copyLink } = useMessengerLink(showToast);
  const connect = useCallback(
    async (type: MessengerType) => {
      if (userId === null) return;
      setBusy(type);
      try {
        await copyLink(userId, type);
      } finally {
        setBusy(null);
      }
    },
    [copyLink, userId],
  );

  const disconnect = useCallback(
    async (type: MessengerType) => {
      setBusy(type);
      try {
        const res = await api.get<{ data: { bots_connected: BotsConnected } }>(`/${type}/disconnect`);
        setConnected(res.data.bots_connected);
        showToast({
          intent: 'success',
          title: t('bots.toasts.successTitle'),
          message: t('bots.toasts.disconnected', { type: BOT_LABEL[type] }),
          timeoutMs: TOAST_MS.short,
        });
      } finally {
        setBusy(null);
      }
    },
    [api, showToast, t],
  );

  return { connected, busy, connect, disconnect };
}

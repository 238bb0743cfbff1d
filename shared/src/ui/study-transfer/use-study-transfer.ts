import { useCallback, useEffect, useMemo, useState } from 'react';
import { isApiError } from '@school/shared/api';
import { inRoleGroup } from '@school/shared/domain';
import { transferBlocker, transferWindow, type TransferRefusal } from '@school/shared/rules';
import { useApi } from '../api-context';
import {
  offPeriodSpans,
  participantRoleId,
  studentsOf,
  toMillis,
  type CalendarStudy,
  type Span,
} from '../calendar';
import {
  fetchFreeSlots,
  fetchPackageLastStudy,
  fetchTeacherOffPeriods,
  saveTransfer,
  type MovedStudy,
} from './transfer-api';

/** Refusals after which the offered slots are out of date: ask the server again. */
const STALE_SLOT_CODES = new Set([
  'slot_taken',
  'slot_not_free',
  'slot_in_off_period',
  'slot_after_limit',
  'slot_not_after_today',
]);
/** The slot was offered as free and is busy now: someone took it a moment ago. */
const TAKEN_CODES = new Set(['slot_taken', 'slot_not_free']);

interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/** Runs `load` (null: nothing) when it changes and on reload(), aborting the previous call; the shown data stays until replaced. */
function useAbortableLoad<T>(load: ((signal: AbortSignal) => Promise<T>) | null): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: load !== null,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!load) {
      setState((s) => (s.loading ? { ...s, loading: false } : s));
      return;
    }
    const controller = new AbortController();
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, error, loading: false }));
      },
    );
    return () => controller.abort();
  }, [load, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}

export interface StudyTransferOptions {
  /** The moment the rules are judged at (fixed while the transfer is open). */
  now: number;
  /** The week shown: slots are asked for it, cut to the window. */
  week: Span | null;
  /** Translates the refusal messages (the app's i18next `t`). */
  t(key: string, params?: Record<string, unknown>): string;
  /** After the server saved the move (each app says so in its own way). */
  onMoved(moved: MovedStudy): void;
}

export interface StudyTransfer {
  /** Why this study cannot be moved at all (the one-day rule, one student, after today), or null. */
  blocker: TransferRefusal | null;
  /** Where slots may be picked: tomorrow (Kyiv) up to the package's last study + 4 days (exclusive); null while loading. */
  window: Span | null;
  /** The teacher's off periods, without the 30-day warning zone (0 in transfer mode). */
  offPeriods: Span[];
  /** The teacher's free slots of the shown week inside the window, without the study's own time. */
  slots: Span[];
  loading: boolean;
  loadError: unknown;
  picked: Span | null;
  /** Picks the offered slot that starts at `start` (ignored when none does). */
  pick(start: number): void;
  unpick(): void;
  saving: boolean;
  /** The server's refusal in the user's language, or null. */
  error: string | null;
  confirm(): Promise<void>;
  reload(): void;
}

/**
 * A study's transfer (spec part 1 §4, §9), the headless half both apps share: the window from the
 * study's package (shared rule `transferWindow`, the one the server checks with), the teacher's off
 * periods without the warning zone, the free slots of the shown week (GET /api/studies/:id/free-slots),
 * the picked slot, and the save through the study update command (the same call for a family and
 * for staff). The server runs its rules again and has the last word: its refusal is kept as it words
 * it, and a slot taken meanwhile reloads the offer. Each app draws it in its own look.
 */
export function useStudyTransfer(study: CalendarStudy, options: StudyTransferOptions): StudyTransfer {
  const { now, week, t, onMoved } = options;
  const { client } = useApi();
  const blocker = useMemo(
    () =>
      transferBlocker({ start: study.start, end: study.end, studentCount: studentsOf(study).length }, now),
    [study, now],
  );
  const teacherId =
    (study.users ?? []).find((u) => inRoleGroup('teaching', participantRoleId(u)))?.id ?? null;

  const loadLast = useCallback(
    (signal: AbortSignal) => fetchPackageLastStudy(client, study, signal),
    [client, study],
  );
  const loadOff = useCallback(
    (signal: AbortSignal) =>
      teacherId === null ? Promise.resolve([]) : fetchTeacherOffPeriods(client, teacherId, signal),
    [client, teacherId],
  );
  const last = useAbortableLoad(blocker === null ? loadLast : null);
  const schedules = useAbortableLoad(blocker === null ? loadOff : null);
  const lastLoaded = !last.loading && last.error === undefined && blocker === null;
  const window = useMemo(
    () => (lastLoaded ? transferWindow(now, last.data ?? null, study.start) : null),
    [lastLoaded, last.data, now, study.start],
  );
  const offPeriods = useMemo(
    () => offPeriodSpans(schedules.data ?? [], now, { transferMode: true }).off,
    [schedules.data, now],
  );

  const from = window && week ? Math.max(window.start, week.start) : 0;
  const to = window && week ? Math.min(window.end, week.end) : 0;
  const loadSlots = useCallback(
    (signal: AbortSignal) =>
      to > from ? fetchFreeSlots(client, study.id, { start: from, end: to }, signal) : Promise.resolve([]),
    [client, study.id, from, to],
  );
  const offer = useAbortableLoad(window && week ? loadSlots : null);
  const currentStart = toMillis(study.start);
  const slots = useMemo(
    () => (offer.data ?? []).filter((slot) => slot.start !== currentStart),
    [offer.data, currentStart],
  );

  const [picked, setPicked] = useState<Span | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = useCallback(
    (start: number) => {
      const slot = slots.find((s) => s.start === start);
      if (!slot) return;
      setError(null);
      setPicked(slot);
    },
    [slots],
  );
  const unpick = useCallback(() => setPicked(null), []);
  const reloadOffer = offer.reload;
  const confirm = useCallback(async () => {
    if (!picked) return;
    setSaving(true);
    try {
      onMoved(await saveTransfer(client, study, picked.start));
    } catch (err) {
      const code = isApiError(err) ? err.code : undefined;
      setError(
        code && TAKEN_CODES.has(code)
          ? t('scheduling.slot_taken')
          : isApiError(err) && err.status > 0
            ? err.message
            : t('errorUnknown.toastMessage'),
      );
      setPicked(null);
      if (code && STALE_SLOT_CODES.has(code)) reloadOffer();
    } finally {
      setSaving(false);
    }
  }, [picked, client, study, onMoved, t, reloadOffer]);

  const reload = useCallback(() => {
    last.reload();
    schedules.reload();
    reloadOffer();
  }, [last, schedules, reloadOffer]);

  return {
    blocker,
    window,
    offPeriods,
    slots,
    loading: last.loading || schedules.loading || offer.loading,
    loadError: last.error ?? schedules.error ?? offer.error,
    picked,
    pick,
    unpick,
    saving,
    error,
    confirm,
    reload,
  };
}

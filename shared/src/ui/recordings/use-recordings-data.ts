import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api-context';
import {
  fetchLanguages,
  fetchRecordings,
  fetchUploaderEnabled,
  type LanguageOption,
  type RecordingListItem,
} from './recordings.api';

export interface RecordingsList {
  recordings: RecordingListItem[];
  /** True until the first answer. */
  loading: boolean;
  /** Increases with every answer, so an editor can tell a fresh list from the same one. */
  version: number;
  reload(): void;
}

/** The study's recordings; a failed load shows an empty list (spec part 1 §8, silent failures). */
export function useRecordingsList(studyId: number): RecordingsList {
  const { client } = useApi();
  const [state, setState] = useState<{ recordings: RecordingListItem[]; loading: boolean; version: number }>({
    recordings: [],
    loading: true,
    version: 0,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchRecordings(client, studyId, controller.signal).then(
      (recordings) => {
        if (!controller.signal.aborted)
          setState((s) => ({ recordings, loading: false, version: s.version + 1 }));
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [client, studyId, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}

/** api/languages in the interface language (names follow Accept-Language). */
export function useLanguageOptions(enabled: boolean): LanguageOption[] {
  const { client } = useApi();
  const { i18n } = useTranslation();
  const [languages, setLanguages] = useState<LanguageOption[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetchLanguages(client, controller.signal).then(
      (list) => {
        if (!controller.signal.aborted) setLanguages(list);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [client, enabled, i18n.language]);
  return languages;
}

/** The feature flag recordings_uploader_enabled (off until known). */
export function useUploaderEnabled(enabled: boolean): boolean {
  const { client } = useApi();
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetchUploaderEnabled(client, controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setOn(value);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [client, enabled]);
  return on;
}

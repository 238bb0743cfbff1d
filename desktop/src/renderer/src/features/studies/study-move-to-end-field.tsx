import { Alert, Checkbox, Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createResourceApi, isApiError, type ApiClient, type ResourceRow } from '@school/shared/api';
import { resourceRowKey, useApi, useFormSubmit, type ResourceForm } from '@school/shared/ui';
import { fieldErrors, type FieldIssue } from '@school/shared/validation';
import { STUDY_FORM_QUERY } from './study-form.api';
import {
  moveToEndBodies,
  nextDateFailure,
  nextDateStart,
  moveToEndIssues,
  type PickerValue,
  type StudyFormValues,
} from './study-form.mapper';

/** The next free template slot of the package (spec part 2 §7): `next_date`, an ISO moment. */
export async function fetchNextStudyDate(client: ApiClient, subscriptionId: number): Promise<string> {
  const answer = await client.get<{ next_date: string }>(
    `/api/subscriptions/${subscriptionId}/next-study-date`,
  );
  return answer.next_date;
}

/** The study moved to the package's end in one command (the server finds the date again, under its lock). */
export async function moveStudyToEnd(
  client: ApiClient,
  studyId: number,
  body: Record<string, unknown>,
): Promise<void> {
  await client.post(`/api/studies/${studyId}/move-to-end`, body);
}

export type MoveToEndState = 'off' | 'loading' | 'on';

export interface MoveToEnd {
  state: MoveToEndState;
  /** The alert of a failed fetch (already translated), until dismissed. */
  failure: string | null;
  toggle(checked: boolean): void;
  dismiss(): void;
}

/**
 * 'Move to the end of subscription' (spec part 2 §4, §8): ticking fetches the next study date and
 * hands it to `onDate`; unticking (or a failure) hands back what the start was before, through
 * `onRestore`. An answer that comes after the box was unticked again is dropped.
 */
export function useMoveToEnd(
  subscriptionId: number | null,
  start: { start: PickerValue; end: PickerValue },
  handlers: {
    onDate(start: PickerValue): void;
    onRestore(before: { start: PickerValue; end: PickerValue }): void;
  },
): MoveToEnd {
  const { t } = useTranslation();
  const { client } = useApi();
  const [state, setState] = useState<MoveToEndState>('off');
  const [failure, setFailure] = useState<string | null>(null);
  const before = useRef(start);
  const request = useRef(0);
  useEffect(() => () => void (request.current += 1), []);

  const restore = () => {
    request.current += 1;
    setState('off');
    handlers.onRestore(before.current);
  };
  return {
    state,
    failure,
    dismiss: () => setFailure(null),
    toggle(checked) {
      if (!checked) return restore();
      if (subscriptionId === null) return;
      before.current = start;
      const own = ++request.current;
      setState('loading');
      fetchNextStudyDate(client, subscriptionId).then(
        (nextDate) => {
          if (own !== request.current) return;
          const next = nextDateStart(nextDate);
          if (next === null) throw new Error(`bad next_date ${nextDate}`);
          setState('on');
          handlers.onDate(next);
        },
        (error: unknown) => {
          if (own !== request.current) return;
          const said = nextDateFailure(isApiError(error) ? error.body : undefined);
          setFailure('text' in said ? said.text : t(said.key));
          restore();
        },
      );
    },
  };
}

/**
 * Save with the box ticked (part 2 §4): the move-to-end command with the date-change block, then
 * the usual update for whatever else changed, then the study as stored for `onSaved`. Its own
 * messages sit on the same fields as the form's.
 */
export function useMoveToEndSave(
  form: ResourceForm<StudyFormValues>,
  studyId: number | null,
  state: MoveToEndState,
  onSaved: (row: ResourceRow<'studies'>) => void,
) {
  const { t } = useTranslation();
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const save = useFormSubmit(async () => {
    if (studyId === null) return;
    const { move, rest } = moveToEndBodies(form.values, form.initial);
    await moveStudyToEnd(client, studyId, move);
    if (rest) await client.post(`/api/studies/${studyId}`, { _method: 'patch', ...rest });
    const row = await createResourceApi(client).read('studies', studyId, STUDY_FORM_QUERY);
    await queryClient.invalidateQueries({ queryKey: resourceRowKey('studies', studyId) });
    onSaved(row);
  }, form.fields);
  const own = fieldErrors(issues, t);
  return {
    submitting: save.submitting,
    formError: save.formError,
    errorOf: (field: string): string | undefined => own[field]?.[0] ?? save.fieldErrors[field],
    clearIssues: () => setIssues([]),
    onSubmit(event: FormEvent) {
      event.preventDefault();
      if (state !== 'on') return;
      // Only the date-change block is the form's to check: the command finds and checks the date.
      const found = moveToEndIssues(form.values, form.initial);
      setIssues(found);
      if (found.length === 0) void save.submit(undefined);
    },
  };
}

/** The checkbox, its spinner while the date is fetched, and the alert of a failure. */
export function StudyMoveToEndField({ moveToEnd, disabled }: { moveToEnd: MoveToEnd; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className="study-form__move-to-end"
      data-testid="study-form-move-to-end-field"
      data-state={moveToEnd.state}
    >
      <Checkbox
        checked={moveToEnd.state !== 'off'}
        disabled={disabled || moveToEnd.state === 'loading'}
        label={t('studyForm.moveToEnd')}
        onChange={(event) => moveToEnd.toggle(event.currentTarget.checked)}
        data-testid="study-form-move-to-end"
      />
      {moveToEnd.state === 'loading' ? (
        <span className="study-form__calculating" role="status" data-testid="study-form-move-to-end-loading">
          <Spinner size={16} /> {t('studyForm.calculatingNextDate')}
        </span>
      ) : null}
      <Alert
        isOpen={moveToEnd.failure !== null}
        intent="warning"
        icon="warning-sign"
        confirmButtonText={t('common.close')}
        onConfirm={moveToEnd.dismiss}
        onClose={moveToEnd.dismiss}
      >
        <p data-testid="study-form-move-to-end-failure">{moveToEnd.failure}</p>
      </Alert>
    </div>
  );
}

import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient, QueryObject } from '@school/shared/api';
import { DATE_FORMAT, ROLE, TIME_FORMAT, TIME_ZONE } from '@school/shared/domain';
import { useApi } from '@school/shared/ui';
import { PickedValue, SearchPicker } from '../../kit/admin-widgets/searchable-multiselect';

/** A study the picker offers, with its people. */
export interface PickableStudy {
  id: number;
  start: string;
  end: string;
  users: Array<{ id: number; full_name: string; role_id: number }>;
}

const SEARCH_LIMIT = 15;
const DATE_IN_TEXT = /(\d{1,2})\.(\d{1,2})\.(\d{4})/;

/**
 * What the study search typed means: a date (dd.MM.yyyy) anywhere in it narrows to that day, the
 * rest is part of a participant's name. Without a date only studies that already began are offered
 * (a report follows its study).
 */
export function studySearchQuery(text: string, today: string): QueryObject {
  const date = DATE_IN_TEXT.exec(text);
  const day = date
    ? DateTime.fromObject(
        { day: Number(date[1]), month: Number(date[2]), year: Number(date[3]) },
        { zone: TIME_ZONE },
      )
    : null;
  const name = (date ? text.replace(date[0], '') : text).trim();
  const onDay = day?.isValid ? day.toISODate()! : null;
  return {
    with: ['users'],
    ...(name.length > 0 ? { withHaving: { 'users.full_name': `%${name}%` } } : {}),
    ...(onDay ? { filterDatesStart: { start: onDay } } : {}),
    filterDatesEnd: { start: onDay ?? today },
    sort: ['-start'],
    page: 1,
    perpage: SEARCH_LIMIT,
  };
}

/** The caller's studies (the row scope: a Teacher's own), newest first. */
async function searchStudies(client: ApiClient, text: string, signal: AbortSignal): Promise<PickableStudy[]> {
  const today = DateTime.now().setZone(TIME_ZONE).toISODate()!;
  const answer = await client.get<{ data: PickableStudy[] }>('/api/studies', studySearchQuery(text, today), {
    signal,
  });
  return answer.data;
}

const studentsOf = (study: PickableStudy) => study.users.filter((user) => user.role_id === ROLE.Student);

/**
 * "Add" on the study reports table opens the form without a study and a student (issue 29 point 4):
 * first pick the study (search by a student's name and/or the date) and one of its students, with
 * the spec's rules (study_id required; user required), then the report form opens for them.
 */
export function StudyReportTargetPicker({
  onChosen,
  onCancel,
}: {
  onChosen(studyId: number, userId: number): void;
  onCancel(): void;
}) {
  const { t, i18n } = useTranslation();
  const { client } = useApi();
  const [study, setStudy] = useState<PickableStudy | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const when = (item: PickableStudy) =>
    DateTime.fromISO(item.start, { zone: TIME_ZONE })
      .setLocale(i18n.language)
      .toFormat(`${DATE_FORMAT}, ccc ${TIME_FORMAT}`);
  const names = (item: PickableStudy) =>
    studentsOf(item)
      .map((user) => user.full_name)
      .join(', ') || t('staffScreens.reportPicker.noStudents');
  const required = (attribute: 'study_id' | 'user_id') =>
    t('validations.required', { attribute: t(`attributes.${attribute}`) });
  const studyError = tried && !study ? required('study_id') : undefined;
  const userError = tried && userId === null ? required('user_id') : undefined;
  const students = study ? studentsOf(study) : [];
  const pick = (item: PickableStudy) => {
    setStudy(item);
    const only = studentsOf(item);
    setUserId(only.length === 1 ? only[0].id : null);
  };
  return (
    <form
      className="report-form report-form__card"
      data-testid="report-target-picker"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (study && userId !== null) onChosen(study.id, userId);
      }}
    >
      <FormGroup
        label={t('staffScreens.reportPicker.study')}
        labelFor="report-target-study-search"
        intent={studyError ? 'danger' : 'none'}
        helperText={
          studyError ? (
            <span data-testid="report-target-study-error">{studyError}</span>
          ) : (
            t('staffScreens.reportPicker.studyHint')
          )
        }
      >
        {study ? (
          <PickedValue
            name="report-target-study"
            clearLabel={t('moneyForms.clear')}
            onClear={() => (setStudy(null), setUserId(null))}
          >
            {when(study)} · {names(study)}
          </PickedValue>
        ) : (
          <SearchPicker
            name="report-target-study"
            placeholder={t('staffScreens.reportPicker.studySearch')}
            queryKey={['study-report-picker', 'studies']}
            search={(text, signal) => searchStudies(client, text, signal)}
            option={(item) => ({ text: when(item), label: names(item) })}
            invalid={Boolean(studyError)}
            onPick={pick}
          />
        )}
      </FormGroup>
      <FormGroup
        label={t('staffScreens.reportPicker.student')}
        labelFor="report-target-user"
        intent={userError ? 'danger' : 'none'}
        helperText={userError ? <span data-testid="report-target-user-error">{userError}</span> : undefined}
      >
        <HTMLSelect
          id="report-target-user"
          fill
          disabled={!study}
          value={userId === null ? '' : String(userId)}
          onChange={(event) =>
            setUserId(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))
          }
          data-testid="report-target-user"
        >
          <option value="">{t('adminWidgets.choose')}</option>
          {students.map((user) => (
            <option key={user.id} value={String(user.id)}>
              {user.full_name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <div className="report-form__actions">
        <Button text={t('studyPanels.cancel')} onClick={onCancel} data-testid="report-target-cancel" />
        <Button
          type="submit"
          intent="primary"
          icon="arrow-right"
          text={t('staffScreens.reportPicker.next')}
          data-testid="report-target-next"
        />
      </div>
    </form>
  );
}

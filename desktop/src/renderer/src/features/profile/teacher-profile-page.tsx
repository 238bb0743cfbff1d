import { FormGroup, NonIdealState, Section, SectionCard, Spinner, TextArea } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useAuth, usePageTitle } from '@school/shared/ui';
import { fetchTeacherProfile, teacherProfileKeys } from './teacher-profile.api';
import { toTeacherProfileView, type TeacherProfileView } from './teacher-profile.mapper';
import './teacher-profile-page.css';

type Row = Exclude<keyof TeacherProfileView, 'notes' | 'sex'>;

/** Rows in the spec's order (part 2 §2 "Teacher profile"); sex comes after the manager. */
const ROWS: readonly { key: Row | 'sex'; labelKey: string }[] = [
  { key: 'manager', labelKey: 'ui.profile.manager' },
  { key: 'sex', labelKey: 'ui.profile.sex' },
  { key: 'birthdate', labelKey: 'ui.profile.birthdate' },
  { key: 'languages', labelKey: 'ui.profile.languages' },
  { key: 'classes', labelKey: 'ui.profile.classes' },
  { key: 'teachingFormats', labelKey: 'ui.profile.teachingFormats' },
  { key: 'teachingStyles', labelKey: 'ui.profile.teachingStyles' },
  { key: 'studyTypes', labelKey: 'ui.profile.studyTypes' },
  { key: 'programs', labelKey: 'ui.profile.programs' },
];

/** /profile: the signed-in teacher's own data, read-only (spec part 2 §2, §7). */
export function TeacherProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { client } = useApi();
  usePageTitle('titles.profile');
  const userId = user?.id ?? 0;
  const profile = useQuery({
    queryKey: teacherProfileKeys.profile(userId),
    queryFn: () => fetchTeacherProfile(client, userId),
    enabled: userId > 0,
  });

  let body;
  if (profile.isPending) {
    body = (
      <div className="profile-page__spinner" data-testid="profile-loading">
        <Spinner />
      </div>
    );
  } else if (profile.isError) {
    body = (
      <div data-testid="profile-error">
        <NonIdealState icon="error" description={t('ui.profile.loadFailed')} />
      </div>
    );
  } else if (!profile.data?.teacher) {
    body = (
      <div data-testid="profile-not-teacher">
        <NonIdealState icon="person" description={t('ui.profile.notTeacher')} />
      </div>
    );
  } else {
    body = <ProfileDetails view={toTeacherProfileView(profile.data)} name={profile.data.full_name} />;
  }

  return (
    <div className="page profile-page" data-testid="profile-page">
      <h1 className="page__title" data-testid="page-title">
        {t('titles.profile')}
      </h1>
      {body}
    </div>
  );
}

function ProfileDetails({ view, name }: { view: TeacherProfileView; name: string }) {
  const { t } = useTranslation();
  const notesId = useId();
  const na = t('common.notAvailable');
  const valueOf = (key: Row | 'sex') =>
    key === 'sex' ? t(`ui.profile.sexes.${view.sex}`) : (view[key] ?? na);
  return (
    <Section title={name} icon="person" className="profile-page__card" data-testid="profile-details">
      <SectionCard>
        <dl className="profile-page__list">
          {ROWS.map(({ key, labelKey }) => (
            <div key={key} className="profile-page__row">
              <dt className="profile-page__label">{t(labelKey)}</dt>
              <dd
                className={`profile-page__value${key !== 'sex' && view[key] === null ? ' profile-page__value--empty' : ''}`}
                data-testid={`profile-${key}`}
              >
                {valueOf(key)}
              </dd>
            </div>
          ))}
        </dl>
      </SectionCard>
      <SectionCard>
        <FormGroup label={t('ui.profile.notes')} labelFor={notesId} className="profile-page__notes">
          <TextArea
            id={notesId}
            className="profile-page__notes-input"
            value={view.notes}
            rows={Math.max(3, view.notes.split('\n').length + 1)}
            disabled
            readOnly
            fill
            data-testid="profile-notes"
          />
        </FormGroup>
      </SectionCard>
    </Section>
  );
}

import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE, type FamilyProfile, type FamilyProfileTeacher } from '@school/shared/domain';
import { Link, useApi, usePageTitle, useRoleName } from '@school/shared/ui';
import { LoadingScreen } from '../../components/loading-screen';
import { useLoader } from '../../hooks/use-loader';
import { MessengerButtons } from '../settings/messenger-buttons';
import { fetchFamilyProfile, formatBirthdate } from './family-profile-api';
import './profile-page.css';

/** The Ukrainian areas this page names, added by its loader (lazy-pages.tsx). */
export { ukFamilyProfile as profileTranslations } from '@school/shared/ui';

/**
 * /profile of the family web (spec part 1 §1 "their profile"): who they are, their contacts, a
 * parent's children, the teachers of their lessons with the meeting links, and the bots. Only what
 * their permissions let them change is editable here: the bots (`create user messenger_token`);
 * the password and language are on Settings; everything else is the school's to change.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const { client } = useApi();
  usePageTitle('titles.profile');
  const load = useCallback((signal: AbortSignal) => fetchFamilyProfile(client, signal), [client]);
  const profile = useLoader(load);

  return (
    <div className="profile" data-testid="profile-page">
      <h1 className="page-title" data-testid="page-title">
        {t('titles.profile')}
      </h1>
      {profile.data ? (
        <ProfileCards profile={profile.data} />
      ) : profile.error ? (
        <div className="form-alert form-alert--error" role="alert" data-testid="profile-error">
          {t('familyProfile.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={profile.reload}>
            {t('familyProfile.retry')}
          </button>
        </div>
      ) : (
        <LoadingScreen inline />
      )}
    </div>
  );
}

function ProfileCards({ profile }: { profile: FamilyProfile }) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const isParent = profile.children.length > 0 || profile.role_id === ROLE.Responsible;
  const childName = new Map(profile.children.map((c) => [c.id, c.firstname]));
  const phoneType = (typeId: number) =>
    t(`calendarUi.modal.phoneTypes.${typeId}` as 'calendarUi.modal.phoneTypes.1');
  return (
    <>
      <Card title={t('familyProfile.about')} testId="profile-about">
        <dl className="profile__facts">
          <Fact label={t('familyProfile.name')} value={profile.full_name} testId="profile-name" />
          <Fact label={t('familyProfile.role')} value={roleName({ id: profile.role_id, name: '' })} />
          {profile.classes.length > 0 ? (
            <Fact
              label={t('familyProfile.classes')}
              value={profile.classes.join(', ')}
              testId="profile-classes"
            />
          ) : null}
          {profile.birthdate ? (
            <Fact label={t('familyProfile.birthdate')} value={formatBirthdate(profile.birthdate)} />
          ) : null}
          <Fact
            label={t('familyProfile.email')}
            value={profile.email ?? t('familyProfile.none')}
            testId="profile-email"
          />
          <Fact
            label={t('familyProfile.phones')}
            testId="profile-phones"
            value={
              profile.phones.length === 0 ? (
                t('familyProfile.none')
              ) : (
                <ul className="profile__plain-list">
                  {profile.phones.map((p) => (
                    <li key={`${p.phone}-${p.type_id}`}>
                      <a href={`tel:+${p.phone}`}>+{p.phone}</a>{' '}
                      <span className="muted small">{phoneType(p.type_id)}</span>
                    </li>
                  ))}
                </ul>
              )
            }
          />
        </dl>
      </Card>
      {isParent ? (
        <Card title={t('familyProfile.children')} testId="profile-children">
          {profile.children.length === 0 ? (
            <p className="muted">{t('familyProfile.noChildren')}</p>
          ) : (
            <ul className="profile__list">
              {profile.children.map((c) => (
                <li key={c.id} className="profile__row" data-testid="profile-child">
                  <span className="profile__row-name">{c.full_name}</span>
                  <span className="muted small">
                    {[
                      c.classes.length > 0
                        ? t('familyProfile.classOf', { numbers: c.classes.join(', ') })
                        : '',
                      c.active ? '' : t('familyProfile.inactive'),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
      <Card title={t('familyProfile.teachers')} testId="profile-teachers">
        {profile.teachers.length === 0 ? (
          <p className="muted">{t('familyProfile.noTeachers')}</p>
        ) : (
          <ul className="profile__list">
            {profile.teachers.map((teacher) => (
              <TeacherRow
                key={teacher.id}
                teacher={teacher}
                teaches={
                  isParent
                    ? teacher.student_ids
                        .map((id) => childName.get(id))
                        .filter(Boolean)
                        .join(', ')
                    : ''
                }
              />
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('familyProfile.messengers')} testId="profile-messengers">
        <MessengerButtons />
      </Card>
      <Card title={t('familyProfile.changeTitle')} testId="profile-change">
        <p className="profile__note">{t('familyProfile.changeText')}</p>
        <Link
          to="/settings"
          className="button button--ghost profile__settings-link"
          data-testid="profile-to-settings"
        >
          {t('familyProfile.toSettings')}
        </Link>
      </Card>
    </>
  );
}

function TeacherRow({ teacher, teaches }: { teacher: FamilyProfileTeacher; teaches: string }) {
  const { t } = useTranslation();
  const links = [
    ['Google Meet', teacher.googlemeet],
    ['Zoom', teacher.zoom],
  ].filter((l): l is [string, string] => typeof l[1] === 'string' && /^https?:\/\//.test(l[1]));
  return (
    <li className="profile__row profile__teacher" data-testid="profile-teacher">
      <span className="profile__row-name">
        {[teacher.firstname, teacher.patronymic].filter(Boolean).join(' ')}
      </span>
      {teaches ? <span className="muted small">{t('familyProfile.teaches', { names: teaches })}</span> : null}
      {links.length === 0 ? (
        <span className="muted small">{t('familyProfile.noLinks')}</span>
      ) : (
        <span className="profile__links" aria-label={t('familyProfile.meetingLinks')}>
          {links.map(([label, href]) => (
            <a
              key={label}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="profile__link"
              data-testid="profile-meeting-link"
            >
              {label}
            </a>
          ))}
        </span>
      )}
    </li>
  );
}

function Card({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="card" aria-label={title} data-testid={testId}>
      <h2 className="card__title">{title}</h2>
      {children}
    </section>
  );
}

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="profile__fact">
      <dt className="muted small">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

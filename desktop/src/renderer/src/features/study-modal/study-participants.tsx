import { AnchorButton, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLE, ROLE_GROUPS } from '@school/shared/domain';
import { useApi } from '@school/shared/ui';
import { participantRoleId, type CalendarStudy, type CalendarStudyUser } from '@school/shared/ui/calendar';
import { fetchContacts, studyModalKeys, type ContactUser } from './study-modal.api';
import { StudyNotifyButton } from './study-notify-button';

/** Display order of the role groups: who teaches, who learns, then the rest. */
const ROLE_ORDER: readonly number[] = ROLE_GROUPS.participantOrder;

function groupByRole(users: readonly CalendarStudyUser[]): [number, CalendarStudyUser[]][] {
  const groups = new Map<number, CalendarStudyUser[]>();
  for (const user of users) {
    const roleId = participantRoleId(user) ?? ROLE.Guest;
    groups.set(roleId, [...(groups.get(roleId) ?? []), user]);
  }
  const rank = (id: number) => (ROLE_ORDER.includes(id) ? ROLE_ORDER.indexOf(id) : ROLE_ORDER.length + id);
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b));
}

/** Catalogue names (Mobile, Mom…) in the interface language, the server's name when unknown. */
function useCatalogueName() {
  const { t } = useTranslation();
  return (group: 'phoneTypes' | 'responsibleTypes', item: { id: number; name: string } | null | undefined) =>
    item ? t(`calendarUi.modal.${group}.${item.id}`, { defaultValue: item.name }) : '';
}

function Phones({ user }: { user: ContactUser }) {
  const name = useCatalogueName();
  if (!user.phones?.length) return null;
  return (
    <span className="study-contacts__phones">
      {user.phones.map((p) => (
        <a key={p.id} href={`tel:+${p.phone.replace(/\D/g, '')}`} className="study-contacts__phone">
          +{p.phone}
          {p.type ? <span className="study-contacts__type"> ({name('phoneTypes', p.type)})</span> : null}
        </a>
      ))}
    </span>
  );
}

function Contacts({ contact }: { contact: ContactUser | undefined }) {
  const { t } = useTranslation();
  const name = useCatalogueName();
  if (!contact) return null;
  const responsibles = contact.responsibles ?? [];
  if (!contact.phones?.length && responsibles.length === 0) {
    return <div className="study-contacts study-contacts--empty">{t('calendarUi.modal.noContacts')}</div>;
  }
  return (
    <div className="study-contacts" data-testid={`contacts-${contact.id}`}>
      <Phones user={contact} />
      {responsibles.map((r) => (
        <div key={r.id} className="study-contacts__responsible">
          <span className="study-contacts__label">
            {r.responsible_type
              ? name('responsibleTypes', r.responsible_type)
              : t('calendarUi.modal.responsibles')}
            : {r.full_name}
          </span>{' '}
          <Phones user={r} />
        </div>
      ))}
    </div>
  );
}

export interface StudyParticipantsProps {
  study: CalendarStudy;
  /** Contacts (phones, responsibles) load only with `manage user`. */
  showContacts: boolean;
  /** The notify button: notify roles, while the study is in progress. */
  showNotify: boolean;
}

/** Participants grouped by role, students with classes and contacts, teachers with meeting links. */
export function StudyParticipants({ study, showContacts, showNotify }: StudyParticipantsProps) {
  const { t } = useTranslation();
  const { client } = useApi();
  const users = study.users ?? [];
  const studentIds = users.filter((u) => participantRoleId(u) === ROLE.Student).map((u) => u.id);
  const contacts = useQuery({
    queryKey: studyModalKeys.contacts(studentIds),
    queryFn: () => fetchContacts(client, studentIds),
    enabled: showContacts && studentIds.length > 0,
  });
  const contactOf = (id: number) => contacts.data?.find((c) => c.id === id);

  return (
    <section className="study-modal__section" data-testid="study-participants">
      <h3 className="study-modal__heading">{t('calendarUi.modal.participants')}</h3>
      {groupByRole(users).map(([roleId, members]) => (
        <div key={roleId} className="study-participants__group" data-testid={`participants-role-${roleId}`}>
          <Tag minimal round className="study-participants__role">
            {t(`roles.${roleId}`)}
          </Tag>
          <ul className="study-participants__list">
            {members.map((member) => {
              const meeting =
                (member as { googlemeet?: string | null; zoom?: string | null }).googlemeet ??
                (member as { zoom?: string | null }).zoom;
              const classes = (member.classes ?? []).map((c) => c.number);
              const isStudent = roleId === ROLE.Student;
              return (
                <li key={member.id} className="study-participants__person">
                  <div className="study-participants__line">
                    <strong>{member.full_name}</strong>
                    {isStudent && classes.length ? (
                      <span className="study-participants__classes"> ({classes.join(', ')})</span>
                    ) : null}
                    {meeting && !isStudent ? (
                      <AnchorButton
                        href={meeting}
                        target="_blank"
                        rel="noreferrer"
                        size="small"
                        variant="minimal"
                        icon="video"
                        text={t('calendarUi.modal.meeting')}
                      />
                    ) : null}
                    {isStudent && showNotify ? (
                      <StudyNotifyButton
                        studyId={study.id}
                        studentId={member.id}
                        label={t('calendarUi.modal.notify')}
                      />
                    ) : null}
                  </div>
                  {isStudent && showContacts ? (
                    contacts.isPending ? (
                      <Spinner size={16} />
                    ) : (
                      <Contacts contact={contactOf(member.id)} />
                    )
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}

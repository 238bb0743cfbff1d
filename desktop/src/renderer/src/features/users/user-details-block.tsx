import { HTMLTable, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '@school/shared/ui';
import { PersonLink, formatDateTime, type PersonRef } from '../../kit/admin-table/admin-table-cells';
import { showsDateChanges } from '../../kit/admin-table/admin-table.rules';
import { UserBotButtons } from './user-bot-buttons';

export interface DetailsPerson extends PersonRef {
  zoom?: string | null;
  googlemeet?: string | null;
  phones?: { id: number; phone: string }[];
  responsible_type?: { name?: string } | null;
}

export interface DetailsUser extends DetailsPerson {
  role_id: number;
  bots_connected?: { telegram?: boolean; viber?: boolean } | null;
  notes?: { id: number; content: string; created_at: string }[];
  responsibles?: DetailsPerson[];
  childs?: DetailsPerson[];
}

interface DateChange {
  id: number;
  study_id: number;
  start_old: string;
  start_new: string;
  change_comment: string | null;
  created_at: string;
  changed_by: PersonRef | null;
}

function phonesOf(person: DetailsPerson): string {
  return (person.phones ?? []).map((p) => p.phone).join(', ');
}

function Link({ href }: { href: string | null | undefined }) {
  const { t } = useTranslation();
  if (!href) return <span className="admin-table__muted">{t('adminTable.users.details.none')}</span>;
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {href}
    </a>
  );
}

function DateChanges({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { client } = useApi();
  const answer = useQuery({
    queryKey: ['resources', 'users', 'study-date-changes', userId],
    queryFn: ({ signal }) =>
      client.get<{ study_date_changes: DateChange[] }>(`/api/users/${userId}/study-date-changes`, undefined, {
        signal,
      }),
    meta: { silent: true },
  });
  if (answer.isPending) return <Spinner size={20} />;
  if (answer.isError)
    return <p className="admin-table__muted">{t('adminTable.users.details.dateChangesFailed')}</p>;
  const changes = answer.data.study_date_changes;
  if (changes.length === 0)
    return <p className="admin-table__muted">{t('adminTable.users.details.dateChangesEmpty')}</p>;
  return (
    <HTMLTable compact className="admin-table__date-changes" data-testid="date-changes">
      <thead>
        <tr>
          <th>{t('adminTable.users.details.study')}</th>
          <th>{t('adminTable.users.details.startOld')}</th>
          <th>{t('adminTable.users.details.startNew')}</th>
          <th>{t('adminTable.users.details.changedBy')}</th>
          <th>{t('adminTable.users.details.comment')}</th>
          <th>{t('adminTable.users.details.changedAt')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.id}>
            <td>#{change.study_id}</td>
            <td>{formatDateTime(change.start_old)}</td>
            <td>{formatDateTime(change.start_new)}</td>
            <td>{change.changed_by ? <PersonLink person={change.changed_by} /> : null}</td>
            <td>{change.change_comment ?? ''}</td>
            <td>{formatDateTime(change.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * A user's row details (spec part 1 §2, part 2 §2 "User details block"): responsibles, children
 * with phones and the meeting link, notes, zoom, google meet and, for Student or Teacher users,
 * their study date changes.
 */
export function UserDetailsBlock({ user }: { user: DetailsUser }) {
  const { t } = useTranslation();
  const people = (title: string, list: DetailsPerson[] | undefined, testId: string) =>
    list && list.length > 0 ? (
      <section className="user-details__section" data-testid={testId}>
        <h4>{title}</h4>
        <ul className="admin-table__list">
          {list.map((person) => (
            <li key={person.id}>
              <PersonLink person={person} />
              {person.responsible_type?.name ? (
                <span className="admin-table__muted"> ({person.responsible_type.name})</span>
              ) : null}
              {phonesOf(person) ? <span> · {phonesOf(person)}</span> : null}
              {person.zoom || person.googlemeet ? (
                <span>
                  {' · '}
                  {t('adminTable.users.details.meetingLink')}:{' '}
                  <Link href={person.zoom ?? person.googlemeet} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    ) : null;
  return (
    <div className="user-details" data-testid={`user-details-${user.id}`}>
      {people(t('adminTable.users.details.responsibles'), user.responsibles, 'user-responsibles')}
      {people(t('adminTable.users.details.childs'), user.childs, 'user-childs')}
      <section className="user-details__section">
        <dl className="user-details__links">
          <dt>{t('adminTable.users.details.zoom')}</dt>
          <dd>
            <Link href={user.zoom} />
          </dd>
          <dt>{t('adminTable.users.details.googlemeet')}</dt>
          <dd>
            <Link href={user.googlemeet} />
          </dd>
          <dt>{t('staffScreens.bots.title')}</dt>
          <dd>
            <UserBotButtons userId={user.id} bots={user.bots_connected} testPrefix="details-bots" />
          </dd>
        </dl>
      </section>
      {user.notes && user.notes.length > 0 ? (
        <section className="user-details__section" data-testid="user-notes">
          <h4>{t('adminTable.users.details.notes')}</h4>
          {user.notes.map((note) => (
            <p key={note.id} className="user-details__note">
              <span className="admin-table__muted">{formatDateTime(note.created_at)}</span> {note.content}
            </p>
          ))}
        </section>
      ) : null}
      {showsDateChanges(user.role_id) ? (
        <section className="user-details__section user-details__section--wide">
          <h4>{t('adminTable.users.details.dateChanges')}</h4>
          <DateChanges userId={user.id} />
        </section>
      ) : null}
    </div>
  );
}

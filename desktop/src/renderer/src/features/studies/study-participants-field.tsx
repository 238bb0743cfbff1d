import { Button, FormGroup, HTMLSelect, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, ROLE, TIME_ZONE } from '@school/shared/domain';
import { formatMoney } from '@school/shared/rules';
import { useApi, useRoleName } from '@school/shared/ui';
import { SearchPicker } from '../../kit/admin-widgets/searchable-multiselect';
import { searchUsers, userSearchKeys, type UserSearchFilter } from '../../kit/admin-widgets/user-search.api';
import { fetchStudentSubscriptions, studyFormKeys, type SubscriptionOption } from './study-form.api';
import type { StudyParticipant } from './study-form.mapper';

function subscriptionLabel(
  option: SubscriptionOption,
  language: string,
  t: (key: string, params?: Record<string, unknown>) => string,
) {
  const price = formatMoney(option.price_per_study ?? 0, language);
  const date = option.created_at
    ? DateTime.fromISO(option.created_at, { zone: TIME_ZONE }).toFormat(DATE_FORMAT)
    : '';
  return t('studyForm.subscriptionOption', { id: option.id, price, date });
}

/** A student's package choice (part 2 §5: one per student at most; 'Empty' means none). */
function SubscriptionSelect({
  studentId,
  value,
  disabled,
  onChange,
}: {
  studentId: number;
  value: number;
  disabled: boolean;
  onChange(id: number): void;
}) {
  const { t, i18n } = useTranslation();
  const { client } = useApi();
  const options = useQuery({
    queryKey: studyFormKeys.subscriptions(studentId),
    queryFn: ({ signal }) => fetchStudentSubscriptions(client, studentId, signal),
  });
  const known = options.data ?? [];
  // A stored package is shown even before the list arrives.
  const choices = value > 0 && !known.some((o) => o.id === value) ? [{ id: value }, ...known] : known;
  return (
    <HTMLSelect
      className="study-participants__subscription"
      value={String(value)}
      disabled={disabled}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      aria-label={t('studyForm.subscription')}
      data-testid={`study-form-subscription-${studentId}`}
    >
      <option value="0">{t('studyForm.noSubscription')}</option>
      {choices.map((option) => (
        <option key={option.id} value={String(option.id)}>
          {'created_at' in option ? subscriptionLabel(option, i18n.language, t) : `№${option.id}`}
        </option>
      ))}
    </HTMLSelect>
  );
}

/** Part 2 §5: only active users are selectable, of any role. */
const PARTICIPANTS_SEARCH: UserSearchFilter = { activeOnly: true };

export interface StudyParticipantsFieldProps {
  users: readonly number[];
  people: ReadonlyMap<number, StudyParticipant>;
  subscriptions: Readonly<Record<string, number>>;
  disabled: boolean;
  error?: string;
  subscriptionsError?: string;
  onAdd(user: StudyParticipant): void;
  onRemove(userId: number): void;
  onSubscription(studentId: number, subscriptionId: number): void;
}

/**
 * The study's participants (part 2 §3, §4, §5): teachers and students, found by name from two
 * letters on among active users (the shared searchable multiselect's search); each student gets a package choice, which goes with him.
 */
export function StudyParticipantsField(props: StudyParticipantsFieldProps) {
  const {
    users,
    people,
    subscriptions,
    disabled,
    error,
    subscriptionsError,
    onAdd,
    onRemove,
    onSubscription,
  } = props;
  const { t } = useTranslation();
  const { client } = useApi();
  const roleName = useRoleName();
  const message = error ?? subscriptionsError;

  return (
    <FormGroup
      label={t('studyForm.participants')}
      labelFor="study-form-user-search"
      className="study-participants"
      intent={message ? 'danger' : 'none'}
      helperText={message ? <span data-testid="study-form-users-error">{message}</span> : undefined}
    >
      <ul className="study-participants__list" data-testid="study-form-participants">
        {users.map((id) => {
          const person = people.get(id);
          const student = person?.role_id === ROLE.Student;
          return (
            <li key={id} className="study-participants__item" data-testid={`study-form-participant-${id}`}>
              <span className="study-participants__name">{person?.full_name ?? `#${id}`}</span>
              {person ? (
                <Tag minimal round intent={student ? 'primary' : 'none'} className="study-participants__role">
                  {roleName({ id: person.role_id, name: '' })}
                </Tag>
              ) : (
                <Spinner size={12} />
              )}
              {student ? (
                <SubscriptionSelect
                  studentId={id}
                  value={subscriptions[String(id)] ?? 0}
                  disabled={disabled}
                  onChange={(subscriptionId) => onSubscription(id, subscriptionId)}
                />
              ) : null}
              <Button
                variant="minimal"
                size="small"
                icon="cross"
                disabled={disabled}
                aria-label={t('studyForm.remove')}
                title={t('studyForm.remove')}
                onClick={() => onRemove(id)}
                data-testid={`study-form-remove-${id}`}
              />
            </li>
          );
        })}
      </ul>
      {disabled ? null : (
        <SearchPicker
          name="study-form-user"
          queryKey={userSearchKeys.search(PARTICIPANTS_SEARCH)}
          search={(text, signal) => searchUsers(client, text, PARTICIPANTS_SEARCH, signal)}
          exclude={users}
          option={(user) => ({ text: user.full_name, label: roleName({ id: user.role_id, name: '' }) })}
          placeholder={t('studyForm.searchPlaceholder')}
          onPick={onAdd}
        />
      )}
    </FormGroup>
  );
}

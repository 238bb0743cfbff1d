import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { newSlot, type SlotValues } from './subscription-form.mapper';

/** Monday first, as the school's week (part 2 §9: weekday values Monday 1 … Saturday 6, Sunday 0). */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export interface SubscriptionSlotsFieldProps {
  slots: readonly SlotValues[];
  /** The message of the whole template (overlapping slots), and of each slot's parts. */
  error?: string;
  errorOf(path: string): string | undefined;
  onChange(slots: SlotValues[]): void;
}

/** The weekly template (part 2 §3, §5, §9): weekday, start time H:MM:SS (default 10:00:00), duration (default 60). */
export function SubscriptionSlotsField({ slots, error, errorOf, onChange }: SubscriptionSlotsFieldProps) {
  const { t } = useTranslation();
  // A slot's own message stays under the slot; the template's (overlapping slots) under the list.
  const partError = (index: number, part: string) => errorOf(`studies_template.${index}.${part}`);
  const ownError =
    error &&
    !slots.some((_, i) => ['weekday', 'start_time', 'duration'].some((part) => partError(i, part) === error))
      ? error
      : undefined;
  const set = (index: number, slot: Partial<SlotValues>) =>
    onChange(slots.map((current, i) => (i === index ? { ...current, ...slot } : current)));
  return (
    <FormGroup
      label={t('moneyForms.subscription.slots')}
      intent={ownError ? 'danger' : 'none'}
      helperText={
        ownError ? <span data-testid="subscription-form-studies_template-error">{ownError}</span> : undefined
      }
    >
      <div className="subscription-slots" data-testid="subscription-form-slots">
        {slots.map((slot, index) => {
          const messages = ['weekday', 'start_time', 'duration']
            .map((part) => errorOf(`studies_template.${index}.${part}`))
            .filter(Boolean);
          return (
            <div
              key={index}
              className="subscription-slots__row"
              data-testid={`subscription-form-slot-${index}`}
            >
              <HTMLSelect
                value={String(slot.weekday)}
                aria-label={t('moneyForms.subscription.weekday')}
                onChange={(event) => set(index, { weekday: Number(event.currentTarget.value) })}
                data-testid={`subscription-form-slot-${index}-weekday`}
              >
                {WEEK_ORDER.map((day) => (
                  <option key={day} value={String(day)}>
                    {t(`moneyForms.subscription.weekdays.${day}`)}
                  </option>
                ))}
              </HTMLSelect>
              <InputGroup
                value={slot.start_time}
                leftIcon="time"
                placeholder="10:00:00"
                aria-label={t('moneyForms.subscription.startTime')}
                title={t('moneyForms.subscription.startTime')}
                intent={errorOf(`studies_template.${index}.start_time`) ? 'danger' : 'none'}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                  set(index, { start_time: event.currentTarget.value })
                }
                data-testid={`subscription-form-slot-${index}-time`}
              />
              <InputGroup
                value={slot.duration}
                inputMode="numeric"
                rightElement={
                  <span className="money-input__currency">
                    {t('studyForm.duration', { minutes: '' }).trim()}
                  </span>
                }
                aria-label={t('moneyForms.subscription.duration')}
                title={t('moneyForms.subscription.duration')}
                intent={errorOf(`studies_template.${index}.duration`) ? 'danger' : 'none'}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                  set(index, { duration: event.currentTarget.value })
                }
                data-testid={`subscription-form-slot-${index}-duration`}
              />
              <Button
                variant="minimal"
                icon="trash"
                disabled={slots.length <= 1}
                aria-label={t('moneyForms.subscription.removeSlot')}
                title={t('moneyForms.subscription.removeSlot')}
                onClick={() => onChange(slots.filter((_, i) => i !== index))}
                data-testid={`subscription-form-slot-${index}-remove`}
              />
              {messages.length > 0 ? (
                <span
                  className="subscription-slots__error"
                  data-testid={`subscription-form-slot-${index}-error`}
                >
                  {messages[0]}
                </span>
              ) : null}
            </div>
          );
        })}
        <div>
          <Button
            icon="add"
            size="small"
            text={t('moneyForms.subscription.addSlot')}
            onClick={() => onChange([...slots, newSlot()])}
            data-testid="subscription-form-add-slot"
          />
        </div>
      </div>
    </FormGroup>
  );
}

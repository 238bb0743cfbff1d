import { Callout, FormGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MISS_STATUS, MISS_STATUSES } from '@school/shared/domain';
import { mayChangeBilledMiss } from '@school/shared/rules';

export interface MissStatusFieldProps {
  roleId: number;
  /** The saved value: whoever may not change Billed Miss cannot leave it once it is set. */
  saved: number;
  value: number;
  /** The server's message for miss_status (a refused save). */
  error?: string;
  onChange: (value: number) => void;
}

/** Miss status radio (spec part 1 §4): a Teacher can neither pick Billed Miss nor leave it. */
export function MissStatusField({ roleId, saved, value, error, onChange }: MissStatusFieldProps) {
  const { t } = useTranslation();
  const restricted = !mayChangeBilledMiss(roleId);
  const locked = restricted && saved === MISS_STATUS.BilledMiss;
  return (
    <FormGroup
      label={t('calendarUi.modal.missStatus')}
      className="study-modal__miss"
      data-testid="miss-status"
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span data-testid="miss-status-error">{error}</span> : undefined}
    >
      <RadioGroup
        inline
        selectedValue={String(value)}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        disabled={locked}
      >
        {MISS_STATUSES.map((status) => (
          <Radio
            key={status}
            value={String(status)}
            label={t(`missStatus.${status}`)}
            disabled={locked || (restricted && status === MISS_STATUS.BilledMiss)}
            data-testid={`miss-status-${status}`}
          />
        ))}
      </RadioGroup>
      {locked ? (
        <Callout intent="warning" compact>
          {t('calendarUi.modal.missStatusLocked')}
        </Callout>
      ) : null}
    </FormGroup>
  );
}

import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ROLE_IDS } from '@school/shared/domain';
import { grantableRoleIds } from '@school/shared/rules';

export interface RoleSelectProps {
  name: string;
  label: string;
  value: number | null;
  /** The signed-in user's role: only the roles it may give are offered (docs/permissions.md, "Role grants"). */
  actorRoleId: number;
  error?: string;
  disabled?: boolean;
  onChange(roleId: number | null): void;
}

/**
 * The shared role select (spec part 1 §2): role names in the interface language. The current
 * value stays listed even when the actor may not give it (it is shown, not offered).
 */
export function RoleSelect({ name, label, value, actorRoleId, error, disabled, onChange }: RoleSelectProps) {
  const { t } = useTranslation();
  const grantable = grantableRoleIds(actorRoleId) as readonly number[];
  const shown = ROLE_IDS.filter((id) => grantable.includes(id) || id === value);
  return (
    <FormGroup
      label={label}
      labelFor={name}
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span data-testid={`${name}-error`}>{error}</span> : undefined}
    >
      <HTMLSelect
        id={name}
        fill
        value={value === null ? '' : String(value)}
        disabled={disabled}
        onChange={(event) =>
          onChange(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))
        }
        data-testid={name}
      >
        <option value="">{t('adminWidgets.choose')}</option>
        {shown.map((id) => (
          <option key={id} value={String(id)} disabled={!grantable.includes(id)}>
            {t(`roles.${id}`)}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

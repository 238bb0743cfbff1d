import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthUserChild } from '@school/shared/api';

/**
 * A Responsible's children as a row of chips: a family has a handful, and one tap on a phone beats
 * opening a dropdown. The row scrolls sideways if a family has more than fit.
 */
export function ChildPicker({
  items,
  value,
  onChange,
}: {
  items: readonly AuthUserChild[];
  value: number | null;
  onChange(userId: number): void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  // Brothers and sisters share a surname: first names tell them apart and fit a phone's width.
  const firstNames = items.map((c) => c.firstname);
  const label = (child: AuthUserChild) =>
    firstNames.filter((name) => name === child.firstname).length > 1
      ? [child.firstname, child.surname].filter(Boolean).join(' ')
      : child.firstname;
  return (
    <div className="child-picker">
      <span className="child-picker__label" id={labelId}>
        {t('family.picker.label')}
      </span>
      <div className="child-picker__list" role="group" aria-labelledby={labelId} data-testid="child-picker">
        {items.map((child) => (
          <button
            key={child.id}
            type="button"
            className="chip"
            aria-pressed={child.id === value}
            data-testid="child-option"
            data-child-id={child.id}
            title={child.full_name}
            aria-label={child.full_name}
            onClick={() => onChange(child.id)}
          >
            <span className="chip__avatar" aria-hidden="true">
              {child.firstname.slice(0, 1)}
            </span>
            <span className="chip__text" data-testid="child-name">
              {label(child)}
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}

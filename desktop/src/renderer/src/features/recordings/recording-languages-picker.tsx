import { Button, Menu, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { LanguageOption } from '@school/shared/ui/recordings';

/** Codes of the chosen languages in the list's order (by code), upper case ("EN, UK"). */
export function languageCodes(ids: readonly number[], options: readonly LanguageOption[]): string[] {
  return options.filter((o) => ids.includes(o.id)).map((o) => o.code.toUpperCase());
}

/** The languages of one recording as tags, for those who only look. */
export function RecordingLanguageTags({
  ids,
  options,
  testId,
}: {
  ids: readonly number[];
  options: readonly LanguageOption[];
  testId: string;
}) {
  const codes = languageCodes(ids, options);
  if (codes.length === 0) return null;
  return (
    <span className="recording-row__tags" data-testid={testId}>
      {codes.map((code) => (
        <Tag key={code} minimal round>
          {code}
        </Tag>
      ))}
    </span>
  );
}

/**
 * Multi-select of api/languages for one row: a menu of check marks that stays open while the
 * user ticks several.
 */
export function RecordingLanguagesPicker({
  value,
  options,
  disabled,
  onChange,
  testId,
}: {
  value: readonly number[];
  options: readonly LanguageOption[];
  disabled?: boolean;
  onChange(ids: number[]): void;
  testId: string;
}) {
  const { t } = useTranslation();
  const codes = languageCodes(value, options);
  const toggle = (id: number) =>
    onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <Popover
      placement="bottom-end"
      disabled={disabled}
      content={
        <Menu className="recording-languages__menu" data-testid={`${testId}-menu`}>
          {options.map((option) => {
            const selected = value.includes(option.id);
            return (
              <MenuItem
                key={option.id}
                icon={selected ? 'tick' : 'blank'}
                text={option.name || option.code}
                label={option.code.toUpperCase()}
                shouldDismissPopover={false}
                active={false}
                aria-checked={selected}
                role="menuitemcheckbox"
                onClick={() => toggle(option.id)}
                data-testid={`${testId}-option-${option.code}`}
              />
            );
          })}
        </Menu>
      }
    >
      <Button
        size="small"
        variant="minimal"
        icon="translate"
        endIcon="caret-down"
        disabled={disabled}
        title={t('recordingsUi.languages')}
        text={codes.length > 0 ? codes.join(', ') : t('recordingsUi.noLanguages')}
        className={codes.length > 0 ? undefined : 'recording-row__muted'}
        data-testid={testId}
      />
    </Popover>
  );
}

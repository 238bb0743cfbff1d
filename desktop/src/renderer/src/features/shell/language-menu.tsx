import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@school/shared/ui';

export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, languages, setLanguage } = useLanguage();
  return (
    <ButtonGroup variant="minimal" aria-label={t('common.language')} data-testid="language-switch">
      {languages.map((code) => (
        <Button
          key={code}
          text={code.toUpperCase()}
          title={t(`languages.${code}`)}
          active={language === code}
          aria-pressed={language === code}
          data-testid={`language-${code}`}
          onClick={() => setLanguage(code)}
        />
      ))}
    </ButtonGroup>
  );
}

import { useTranslation } from 'react-i18next';
import { useLanguage } from '@school/shared/ui';

/** uk / ru segmented switch. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language, languages, setLanguage } = useLanguage();
  return (
    <div className="lang-switch" role="group" aria-label={t('common.language')} data-testid="language-switch">
      {languages.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="lang-switch__option"
          aria-pressed={language === code}
          title={t(`languages.${code}`)}
          data-testid={`language-${code}`}
          onClick={() => setLanguage(code)}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

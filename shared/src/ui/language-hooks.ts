import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchableLanguages } from './i18n-setup';

export interface LanguageControl {
  language: string;
  languages: readonly string[];
  setLanguage: (language: string) => void;
}

/** The current interface language and a setter (stored and applied by setupI18n). */
export function useLanguage(): LanguageControl {
  const { i18n } = useTranslation();
  // Russian and English load on demand: the choice shows at once (a radio that stays on the old
  // language until the file arrives reads as a click that did nothing), the texts follow.
  const [requested, setRequested] = useState<string | null>(null);
  const setLanguage = useCallback(
    (language: string) => {
      setRequested(language);
      void i18n.changeLanguage(language).finally(() => setRequested(null));
    },
    [i18n],
  );
  return {
    language: requested ?? i18n.resolvedLanguage ?? i18n.language,
    languages: switchableLanguages,
    setLanguage,
  };
}

/** Localized role name (shared key roles.{id}), falling back to the server's name. */
export function useRoleName(): (role: { id: number; name: string }) => string {
  const { t } = useTranslation();
  return useCallback(
    (role: { id: number; name: string }) => t(`roles.${role.id}`, { defaultValue: role.name }),
    [t],
  );
}

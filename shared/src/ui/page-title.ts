import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export const PRODUCT_NAME_KEY = 'app.name';

export function formatPageTitle(prefix: string, screenTitle: string): string {
  return screenTitle ? `${prefix} | ${screenTitle}` : prefix;
}

/** Sets the document title to "<localized product prefix> | <screen title>" (spec part 1 §1). */
export function usePageTitle(titleKey: string): void {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    document.title = formatPageTitle(t(PRODUCT_NAME_KEY), t(titleKey));
  }, [t, titleKey, language]);
}

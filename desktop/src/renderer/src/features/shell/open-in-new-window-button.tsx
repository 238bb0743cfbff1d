import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@school/shared/ui';
import { APP_PATHS, type AppPath } from '../../../../common/app-sections';
import { useServices } from '../../app/services-context';

const isAppPath = (path: string): path is AppPath => (APP_PATHS as readonly string[]).includes(path);

/**
 * "Open in new window" for the page on screen (a table page with its filters, or the calendar):
 * a desktop window of its own through main, a new tab in the browser. Hidden on other pages.
 */
export function OpenInNewWindowButton() {
  const { t } = useTranslation();
  const { native, reportError } = useServices();
  const { path, query } = useRouter();
  if (!isAppPath(path) || path === '/settings') return null;
  const search = query.toString();
  const label = t('desktopShell.openInNewWindow');
  return (
    <Button
      variant="minimal"
      icon="share"
      aria-label={label}
      title={label}
      data-testid="open-in-new-window"
      onClick={() =>
        native.openAppWindow({ path, ...(search ? { search: `?${search}` } : {}) }).catch(reportError)
      }
    />
  );
}

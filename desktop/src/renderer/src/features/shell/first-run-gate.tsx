import { Button, Card, Elevation, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setSettingInputSchema } from '../../../../common/ipc-schemas';
import { useServices } from '../../app/services-context';
import { LanguageMenu } from './language-menu';

type GateState = 'checking' | 'ask' | 'ready';

/**
 * Desktop first run: until the school's server address is known (SCHOOL_SERVER_URL or an address
 * stored before), the app asks for it instead of showing a sign-in page that cannot work. The
 * address is stored through settings:set (validated in main) and the page reloads to use it.
 */
export function FirstRunGate({ children }: { children: ReactNode }) {
  const { native } = useServices();
  const [state, setState] = useState<GateState>(native.native ? 'checking' : 'ready');

  useEffect(() => {
    if (!native.native) return;
    let live = true;
    native
      .getServerInfo()
      .then((info) => live && setState(info.source === 'none' ? 'ask' : 'ready'))
      // A host without server settings (not_found): carry on with the server it uses.
      .catch(() => live && setState('ready'));
    return () => {
      live = false;
    };
  }, [native]);

  if (state === 'ready') return <>{children}</>;
  if (state === 'checking') {
    return (
      <div className="center-screen" data-testid="loading">
        <Spinner />
      </div>
    );
  }
  return <ServerAddressForm />;
}

function ServerAddressForm() {
  const { t } = useTranslation();
  const { native, reportError } = useServices();
  const id = useId();
  const [address, setAddress] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = setSettingInputSchema.safeParse({ key: 'serverUrl', value: address.trim() });
    if (!parsed.success) {
      setInvalid(true);
      return;
    }
    setSaving(true);
    try {
      await native.setSetting(parsed.data);
      window.location.reload();
    } catch (error) {
      setSaving(false);
      reportError(error);
    }
  };

  return (
    <div className="auth-screen" data-testid="first-run">
      <Card elevation={Elevation.TWO} className="auth-screen__card">
        <div className="auth-screen__top">
          <span className="auth-screen__brand">
            <span className="app-navbar__mark" aria-hidden="true" />
            {t('app.name')}
          </span>
          <LanguageMenu />
        </div>
        <h1 className="auth-screen__title" data-testid="page-title">
          {t('desktopShell.firstRun.title')}
        </h1>
        <p className="auth-screen__subtitle">{t('desktopShell.firstRun.hint')}</p>
        <form onSubmit={onSubmit} noValidate>
          <FormGroup
            label={t('desktopShell.firstRun.label')}
            labelFor={id}
            intent={invalid ? 'danger' : 'none'}
            helperText={
              invalid ? (
                <span data-testid="serverUrl-error">{t('desktopShell.firstRun.invalid')}</span>
              ) : undefined
            }
          >
            <InputGroup
              id={id}
              name="serverUrl"
              size="large"
              type="url"
              placeholder="https://"
              autoFocus
              value={address}
              intent={invalid ? 'danger' : 'none'}
              onValueChange={(value) => {
                setAddress(value);
                setInvalid(false);
              }}
            />
          </FormGroup>
          <Button
            type="submit"
            intent="primary"
            size="large"
            fill
            loading={saving}
            data-testid="first-run-save"
          >
            {t('desktopShell.firstRun.save')}
          </Button>
        </form>
      </Card>
    </div>
  );
}

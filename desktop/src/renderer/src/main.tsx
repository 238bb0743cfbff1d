import '@blueprintjs/core/lib/css/blueprint.css';
import './styles/app.css';
import { createRoot } from 'react-dom/client';
import { setupI18n, staffLocales } from '@school/shared/ui';
import { App } from './app/app';
import { createAppServices } from './app/app-services';

async function start(): Promise<void> {
  const i18n = await setupI18n(staffLocales);
  const services = await createAppServices(i18n);
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(<App i18n={i18n} services={services} />);
}

void start();

import { createRoot } from 'react-dom/client';
import { setupI18n } from '@school/shared/ui';
import { App } from './app/app';
import { createAppServices } from './app/app-services';
import './styles/app.css';

async function start(): Promise<void> {
  const i18n = await setupI18n();
  const services = createAppServices(i18n);
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(<App i18n={i18n} services={services} />);
}

void start();

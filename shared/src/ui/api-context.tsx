import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient, AuthApi } from '@school/shared/api';

export interface ApiServices {
  client: ApiClient;
  auth: AuthApi;
}

const ApiContext = createContext<ApiServices | null>(null);

export function ApiProvider({ services, children }: { services: ApiServices; children: ReactNode }) {
  return <ApiContext.Provider value={services}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiServices {
  const services = useContext(ApiContext);
  if (!services) throw new Error('useApi outside ApiProvider');
  return services;
}

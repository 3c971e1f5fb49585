import { createContext, useContext, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { GatewayClient } from '@countersign/gateway-api';
import type { RuntimeConfig } from './config';
import type { AppServices } from './services';

const ServicesContext = createContext<AppServices | undefined>(undefined);

/** Gives components the app's services: useGateway(), useRuntimeConfig() and TanStack's useQueryClient(). */
export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>{children}</QueryClientProvider>
    </ServicesContext.Provider>
  );
}

function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (services === undefined)
    throw new Error('The app services are only available inside <ServicesProvider>.');
  return services;
}

export const useGateway = (): GatewayClient => useServices().gateway;

export const useRuntimeConfig = (): RuntimeConfig => useServices().config;

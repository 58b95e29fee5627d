import { createContext, useContext, type ReactNode } from "react";
import type { AppServices } from "./app-services.ts";

const ServicesContext = createContext<AppServices | null>(null);

// The services are made once, outside React (ui/main.tsx), so a re-render never builds a second
// HTTP client or credentials store.
export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

/** The app's adapters, data cache and storages. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error("useServices needs a <ServicesProvider> above it");
  return services;
}

import type { ReactNode } from "react";
import { RouterProvider } from "react-aria-components";
import { useLocation, useRouter, type NavigateOptions } from "wouter";

declare module "react-aria-components" {
  interface RouterConfig {
    // Lets a kit Link say routerOptions={{ replace: true }} and have wouter honour it.
    routerOptions: NavigateOptions;
  }
}

// React Aria links and menu items navigate through this provider, so the whole kit follows
// wouter's location (and any base path) instead of doing full page loads.
export function AppRouterProvider({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const router = useRouter();
  // Mirrors how wouter's own <Link> builds href: "~" escapes a nested base, else base is prefixed.
  const useHref = (href: string) => router.hrefs(href.startsWith("~") ? href.slice(1) : router.base + href, router);
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}

import { AuthFlowSync } from "../features/auth/auth-flow-sync.tsx";
import { SignInActorProvider } from "../features/auth/sign-in-actor.tsx";
import { ClearCacheOnSessionEnd } from "../session/use-clear-cache-on-session-end.ts";
import { ToastOutlet } from "../feedback/toast-outlet.tsx";
import { IdleSignOff } from "../session/idle-sign-off.tsx";
import type { AppServices } from "../services/app-services.ts";
import { AppErrorBoundary } from "./app-error-boundary.tsx";
import { AppRoutes } from "./app-routes.tsx";
import { RouteFocus } from "../shell/route-focus.tsx";
import { AppRouterProvider } from "../shell/router-provider.tsx";
import { ServicesProvider } from "../services/services-context.tsx";

// The boundary sits outside everything else so a failure anywhere, routing included, still gets
// the fallback screen. The services are made once by the caller (ui/main.tsx, or a test) and the
// sign-in flow runs as one actor above the routes, so it survives navigation between /auth pages.
// There is no QueryClientProvider here: the pages that use TanStack Query are lazy and bring their
// own (QueryClientScope), so the library is not part of the sign-in download.
export function App({ services }: { services: AppServices }) {
  return (
    <AppErrorBoundary>
      <ServicesProvider services={services}>
        <SignInActorProvider logic={services.signInLogic}>
          <AppRouterProvider>
            <AuthFlowSync />
            <ClearCacheOnSessionEnd />
            {/* Loads after the first page's heading: its code does not compete with the page's. */}
            <IdleSignOff />
            <AppRoutes />
            {/* After the routes, so a page that focuses its own content on mount is seen doing so. */}
            <RouteFocus />
            <ToastOutlet />
          </AppRouterProvider>
        </SignInActorProvider>
      </ServicesProvider>
    </AppErrorBoundary>
  );
}

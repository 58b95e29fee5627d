import { AppErrorBoundary } from "./app-error-boundary.tsx";
import { AppRoutes } from "./app-routes.tsx";
import { AppRouterProvider } from "./router-provider.tsx";

// The boundary sits outside the router so a failure anywhere, routing included, still gets the
// fallback screen.
export function App() {
  return (
    <AppErrorBoundary>
      <AppRouterProvider>
        <AppRoutes />
      </AppRouterProvider>
    </AppErrorBoundary>
  );
}

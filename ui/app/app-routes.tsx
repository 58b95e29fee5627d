import { Redirect, Route, Switch } from "wouter";
import { NotFoundPage } from "../pages/not-found-page.tsx";
import { SignInPlaceholderPage } from "../pages/sign-in-placeholder-page.tsx";

// Spec section 2. Until sessions exist every application route needs one that nobody can have
// yet, so /dashboard sends everyone to sign-in, as the spec's guard will for signed-out users.
//
// Every route carries a key: <Switch> renders only the matching child in one slot, so without
// keys a redirect that lands on another redirecting route would reuse the mounted <Redirect>
// and never fire its navigation (wouter redirects once, on mount).
export function AppRoutes() {
  return (
    <Switch>
      <Route key="/" path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route key="/dashboard" path="/dashboard">
        <Redirect to="/auth/sign-in" replace />
      </Route>
      <Route key="/auth/sign-in" path="/auth/sign-in" component={SignInPlaceholderPage} />
      <Route key="not-found" component={NotFoundPage} />
    </Switch>
  );
}

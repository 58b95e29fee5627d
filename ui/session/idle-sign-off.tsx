import { Suspense } from "react";
import { lazyRetrying } from "../kit/lazy-retrying.ts";
import { AfterFirstPageHeading } from "../shell/after-first-page-heading.tsx";
import { useSessionStanding } from "./use-session.ts";

// Only signed-in people can be signed off, so the machine and the warning dialog load with the
// first signed-in page instead of travelling with sign-in (docs/session.md, "Bundle"), and after
// that page's heading (issue 35): a sign-off due in 30 minutes need not share the page's first
// seconds on a slow connection. A chunk that fails to arrive is asked for again (lazyRetrying).
const IdleSignOffSession = lazyRetrying(() => import("./idle-sign-off-session.tsx").then((module) => module.IdleSignOffSession));

/**
 * Automatic sign-off after 30 minutes without activity (docs/session.md). Runs only while the
 * session is fully authenticated: any end of the session (sign-out, a failed refresh, a 401)
 * unmounts it, which stops its timers and its keep-alive.
 */
export function IdleSignOff() {
  if (useSessionStanding() !== "signedIn") return null;
  return (
    <AfterFirstPageHeading>
      <Suspense fallback={null}>
        <IdleSignOffSession />
      </Suspense>
    </AfterFirstPageHeading>
  );
}

import { guardAuthPath, type AuthStanding, type RouteDecision } from "../../../machines/auth/auth-route-guards.ts";

/** What a person asked for and where the sign-in flow is. */
export type StepRouteQuestion = {
  /** The /auth step path opened (sign-in, change-password, mfa, mfa/otp, mfa/registration). */
  readonly path: string;
  readonly platform: string | null;
  /** The full address shown now, path and query. */
  readonly here: string;
  readonly standing: AuthStanding;
  /** authRouteFor(snapshot): the address of the flow's current step. */
  readonly flowRoute: string;
};

const allow: RouteDecision = { kind: "allow" };

/**
 * The guard of an /auth step page (spec section 2). Signed-in and anonymous people get the spec's
 * guards as they are. For a pre-authenticated person the spec's guards chain (sign-in to
 * change-password to mfa to the code entry); the chain ends at the flow's current step, so they
 * go there directly, and a page that is not the flow's step is never shown with another step's
 * state (the pages render the machine, not the address).
 */
export const decideStepRoute = (question: StepRouteQuestion): RouteDecision => {
  const { standing, here, flowRoute } = question;
  const decision = guardAuthPath(question.path, question.platform, standing);
  if (decision.kind === "clearAndRedirect") return decision;
  if (standing.kind === "preAuthenticated") return here === flowRoute ? allow : { kind: "redirect", to: flowRoute };
  return decision;
};

/** The address as the flow's routes spell it: path, then `?query` when there is one. */
export const addressOf = (path: string, search: string): string => (search === "" ? path : `${path}?${search}`);

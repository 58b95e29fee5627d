import { billingAbilitiesOf } from "../../domain/billing/billing-abilities.ts";
import { useCurrentUser } from "../data/use-current-user.ts";

/**
 * Whether the signed-in person may log a patient's remote-monitoring time and change its billing
 * settings (rtm create and update: the SLPs and staff administrators, docs/permissions.md);
 * everyone else who reaches the billing panel reads it.
 */
export function useCanLogTime(): boolean {
  const user = useCurrentUser().data;
  if (user === undefined) return false;
  return billingAbilitiesOf(user).logTime;
}

import { describe, expect, it } from "vitest";
import { IP_LIMITS } from "./auth-policy.ts";

const perMinute = (limit: { readonly max: number; readonly timeWindow: number }): number => (limit.max * 60_000) / limit.timeWindow;

describe("IP_LIMITS", () => {
  // Staff behind one clinic NAT share an address: a sign-in the password step lets through must
  // not then be refused its e-mail or SMS code (the sendCode limit was once a third of loginWeb's).
  it("lets every sign-in that passes the password step be sent its code", () => {
    expect(perMinute(IP_LIMITS.sendCode)).toBeGreaterThanOrEqual(perMinute(IP_LIMITS.loginWeb));
  });

  it("lets every code that was sent be checked", () => {
    expect(perMinute(IP_LIMITS.verify)).toBeGreaterThanOrEqual(perMinute(IP_LIMITS.sendCode));
  });
});

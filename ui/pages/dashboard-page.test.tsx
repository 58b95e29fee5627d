// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { currentUserWire } from "../../adapters/http/fixtures.test-helper.ts";
import { UserId } from "../../domain/ids.ts";
import { startAppHarness, type AppHarness } from "../app/app-services.test-helper.ts";
import { renderApp } from "../app/render-app.test-helper.tsx";

let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
  app.harness.adapters.credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
});
afterEach(async () => {
  app.services.queryClient.clear();
  await app.harness.close();
});

describe("DashboardPage", () => {
  it("is busy while the profile loads, then names the user and cuts a long email", async () => {
    app.harness.server.script(() => ({
      status: 200,
      json: { ...currentUserWire, first_name: "", email: "a.very.long.address@riverside-clinic.org" },
      delayMs: 30,
    }));
    renderApp(app.services, "/dashboard");
    expect(screen.getByRole("main").getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("Loading your profile…");
    expect(await screen.findByText("Signed in as Not specified (a.very.long.address@…)")).toBeTruthy();
    expect(screen.getByRole("main").getAttribute("aria-busy")).toBeNull();
    expect(screen.getAllByRole("heading", { level: 1 }).map((heading) => heading.textContent)).toEqual(["Dashboard"]);
  });

  it("announces a failed load and loads again on request", async () => {
    let calls = 0;
    app.harness.server.script(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, json: { code: "ERROR_001", message: "An error occurred", detail: null, id: "x" } }
        : { status: 200, json: currentUserWire };
    });
    renderApp(app.services, "/dashboard");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("An error occurred"));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Signed in as Ann Lee (ann.lee@clinic.org)")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("");
  });
});

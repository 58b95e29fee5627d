// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ScriptedAnswer } from "../../../adapters/shared/test-server.test-helper.ts";
import { startAppHarness, type AppHarness } from "../../app/app-services.test-helper.ts";
import { renderApp } from "../../app/render-app.test-helper.tsx";
import { activate, focusHere, heard, readBackTo, readTo, startReading, stopReading, typeText, waitToHear } from "../../app/screen-reader.test-helper.ts";

// The sign-in page as a screen-reader user hears it (issue 23), in the whole app against a
// scripted server: the page on arrival, its fields by their labels, a refused field and a refused
// password, and the code step the right password leads to.

afterEach(stopReading);

let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  app.services.queryCache.clear();
  await app.harness.close();
});

const refused: ScriptedAnswer = { status: 400, json: { code: "ERROR_005", message: "The username or password is incorrect", detail: null, id: "e-1" } };
const codeStep: ScriptedAnswer = {
  status: 200,
  json: { token: "pre-1", user: { id: 12, change_password: false, default_mfa_method: "email", mfa_methods: ["email"], phone: null } },
};

/** The first password is wrong, the second right; the emailed code is (re)sent. */
const serve = () =>
  app.harness.server.script((request, all) => {
    if (request.method === "POST" && request.url === "/api/authentication/login_web/") {
      return all.filter((r) => r.url === request.url).length === 1 ? refused : codeStep;
    }
    if (request.method === "POST" && request.url === "/api/authentication/totp/re_send/") return { status: 204 };
    return { status: 404, json: { code: "ERROR_001", message: "not scripted", detail: null, id: "e-2" } };
  });

const arrive = async () => {
  serve();
  renderApp(app.services, "/auth/sign-in");
  await screen.findByRole("heading", { level: 1, name: "Sign in" });
  await startReading();
};

describe("signing in, heard through a screen reader", { timeout: 60_000 }, () => {
  it("reads the page's heading, then each field by its label, in order", async () => {
    await arrive();
    await readTo("end of document");
    expect(await heard()).toEqual([
      "document",
      "main",
      "paragraph",
      "Speech therapy care portal",
      "end of paragraph",
      "heading, Sign in, level 1",
      // The empty alert region waits for a failure (announced when text appears in it).
      "alert",
      "form",
      "Email",
      "textbox, Email, required",
      "Password",
      // jsdom gives a password input no role; a browser's reader says "secure text field".
      "Password",
      "button, Sign in",
      "end of form",
      "link, Forgot password?",
      "end of main",
      "end of document",
    ]);
  });

  it("moves to the empty Email field on submit and reads its error with it", async () => {
    await arrive();
    await readTo("button, Sign in");
    await focusHere();
    await heard();
    await activate();
    await waitToHear("textbox, Email, Constraints not satisfied, invalid, required");
    // The focus lands on the first invalid field, which names its error (aria-describedby) and
    // says it is invalid (aria-invalid).
    expect(await heard()).toEqual(["textbox, Email, Constraints not satisfied, invalid, required"]);
    expect(app.harness.server.requests).toEqual([]);
  });

  it("announces a wrong password at once, then arrives on the code step by its field", async () => {
    await arrive();
    await readTo("textbox, Email, required");
    await typeText("ann.lee@clinic.org");
    await readTo("Password");
    await readTo("Password");
    await typeText("wrong horse");
    await readTo("button, Sign in");
    expect(await heard()).toEqual([
      "document",
      "main",
      "paragraph",
      "Speech therapy care portal",
      "end of paragraph",
      "heading, Sign in, level 1",
      "alert",
      "form",
      "Email",
      "textbox, Email, required",
      "textbox, Email, ann.lee@clinic.org, required",
      "Password",
      "Password",
      "Password, wrong horse",
      "button, Sign in",
    ]);

    await focusHere();
    await heard();
    await activate();
    await waitToHear("assertive: The username or password is incorrect");
    await waitToHear("assertive: Sign in", 2);
    expect(await heard()).toEqual([
      // React Aria announces the focused button by its name as it turns pending.
      "assertive: Sign in",
      // The alert region fills with the server's message: said at once. The virtual reader says an
      // atomic region again for each change in it (its text, then its class), hence twice.
      "assertive: The username or password is incorrect",
      "assertive: The username or password is incorrect",
      // The button is no longer pending: React Aria says it again, ready.
      "assertive: Sign in",
    ]);

    // The focus stays on the button; back one item is the password field, as typed.
    await readBackTo("Password, wrong horse");
    await typeText("{Backspace>11/}correct horse");
    await readTo("button, Sign in");
    await focusHere();
    await heard();
    await activate();
    // The code step takes the focus into its one field: the page says what it asks by its label and hint.
    await waitToHear("textbox, Verification code, 6 digits, required");
    expect(await heard()).toEqual(["assertive: Sign in", "textbox, Verification code, 6 digits, required"]);
    // Once the code is sent, back from the field: the step's heading and what it says it sent.
    await waitFor(() => expect(screen.getByRole("button", { name: "Verify" }).hasAttribute("disabled")).toBe(false));
    await heard();
    await readBackTo("heading, Enter your verification code, level 1");
    expect(await heard()).toEqual([
      "Verification code",
      "form",
      "status",
      "alert",
      "end of paragraph",
      "We sent a 6-digit code to the email address you sign in with.",
      "paragraph",
      "heading, Enter your verification code, level 1",
    ]);
  });
});

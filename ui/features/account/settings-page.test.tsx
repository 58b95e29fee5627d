// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { errorBody, type RecordedRequest, type ScriptedAnswer } from "../../../adapters/shared/test-server.test-helper.ts";
import { UserId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { startAppHarness, type AppHarness } from "../../app/app-services.test-helper.ts";
import { currentUserKey } from "../../data/use-current-user.ts";
import { clearAnnouncer } from "@react-aria/live-announcer";
import { showToast } from "../../feedback/toast-queue.ts";
import { renderSettings } from "./render-settings.test-helper.tsx";

vi.mock("../../feedback/toast-queue.ts", () => ({ showToast: vi.fn() }));

let app: AppHarness;
let user: Record<string, unknown>;
let answers: Array<(request: RecordedRequest) => ScriptedAnswer | null>;

// GET users/12/ answers the current `user`; other calls take the next scripted answer.
const script = () =>
  app.harness.server.script((request) => {
    if (request.method === "GET" && request.url === "/api/users/12/") return { status: 200, json: user };
    for (const [index, answer] of answers.entries()) {
      const given = answer(request);
      if (given !== null) {
        answers.splice(index, 1);
        return given;
      }
    }
    return { status: 500, json: errorBody("ERROR_001", "unexpected call") };
  });
const answerOnce = (method: string, url: string, answer: ScriptedAnswer) =>
  answers.push((request) => (request.method === method && request.url === url ? answer : null));
const writes = () => app.harness.server.requests.filter((request) => request.method !== "GET");

beforeEach(async () => {
  app = await startAppHarness();
  app.harness.adapters.credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
  user = { ...currentUserWire, mfa_methods: ["email"], default_mfa_method: "email" };
  answers = [];
  script();
  vi.mocked(showToast).mockClear();
});
afterEach(async () => {
  app.services.queryCache.clear();
  await app.harness.close();
});

const cachedUser = () => app.queryClient.getQueryData<CurrentUser>(currentUserKey(UserId.make(12)));

describe("the settings tabs", () => {
  it("has one h1, no main landmark of its own, and shows the tab the URL names", async () => {
    renderSettings(app.services, "/settings/security");
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Settings"]);
    expect(screen.queryByRole("main")).toBeNull();
    const tabs = within(screen.getByRole("tablist", { name: "Settings" })).getAllByRole("tab");
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute("aria-selected")])).toEqual([
      ["Profile", "false"],
      ["Security", "true"],
    ]);
    // The Security tab's content is a lazy chunk (issue 35): it arrives inside the panel.
    await waitFor(() => expect(screen.getByRole("tabpanel").querySelector("h2")?.textContent).toBe("Password"));
  });

  it("moves between tabs with the arrow keys and Enter, changing the URL and keeping focus on the tab", async () => {
    const { location } = renderSettings(app.services, "/settings/profile");
    const profile = screen.getByRole("tab", { name: "Profile" });
    act(() => profile.focus());
    fireEvent.keyDown(profile, { key: "ArrowRight" });
    fireEvent.keyUp(profile, { key: "ArrowRight" });
    await waitFor(() => expect(location.history.at(-1)).toBe("/settings/security"));
    const security = screen.getByRole("tab", { name: "Security" });
    expect(security.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(security);
    expect(await screen.findByRole("heading", { name: "Password" })).toBeTruthy();
    fireEvent.keyDown(security, { key: "ArrowLeft" });
    fireEvent.keyUp(security, { key: "ArrowLeft" });
    await waitFor(() => expect(location.history.at(-1)).toBe("/settings/profile"));
    const back = screen.getByRole("tab", { name: "Profile" });
    expect(document.activeElement).toBe(back);
    fireEvent.keyDown(back, { key: "Enter" });
    fireEvent.keyUp(back, { key: "Enter" });
    expect(back.getAttribute("aria-selected")).toBe("true");
    expect(await screen.findByRole("heading", { name: "Profile" })).toBeTruthy();
  });
});

describe("the profile tab", () => {
  it("shows the email read-only and the masked phone as the current value", async () => {
    renderSettings(app.services, "/settings/profile");
    expect(await screen.findByText("ann.lee@clinic.org")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: /email/i })).toBeNull();
    const phone = screen.getByRole("textbox", { name: "Phone number" });
    expect((phone as HTMLInputElement).value).toBe("");
    expect(screen.getByText(/The number on record ends in 4567/)).toBeTruthy();
  });

  it("removes the phone on record with its own button, and then offers no removal", async () => {
    answerOnce("PATCH", "/api/users/me/", { status: 200, json: { ...user, phone: null } });
    renderSettings(app.services, "/settings/profile");
    const remove = await screen.findByRole("button", { name: "Remove phone number" });
    expect(remove.hasAttribute("disabled")).toBe(false);
    fireEvent.click(remove);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ title: "Phone number removed", variant: "success" }));
    expect(writes().map((r) => [r.method, r.url, r.body])).toEqual([["PATCH", "/api/users/me/", { phone: null }]]);
    expect(cachedUser()?.phone).toBeNull();
    expect(await screen.findByText("No phone number on record. Type one to add it.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Remove phone number" })).toBeNull();
  });

  it("keeps the phone while text messages verify sign-ins, and says where to turn them off", async () => {
    user = { ...user, mfa_methods: ["email", "sms"] };
    script();
    renderSettings(app.services, "/settings/profile");
    const remove = await screen.findByRole("button", { name: "Remove phone number" });
    expect(remove.hasAttribute("disabled")).toBe(true);
    expect(screen.getByText(/first remove text messages/).textContent).toContain("under Security");
    expect(screen.getByRole("link", { name: "Security" }).getAttribute("href")).toBe("/settings/security");
    fireEvent.click(remove);
    expect(writes()).toEqual([]);
  });

  it("offers no removal when there is no phone on record", async () => {
    user = { ...user, phone: null };
    script();
    renderSettings(app.services, "/settings/profile");
    expect(await screen.findByText("No phone number on record. Type one to add it.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Remove phone number" })).toBeNull();
  });

  it("refuses a short name and a bad phone locally, without calling the server", async () => {
    renderSettings(app.services, "/settings/profile");
    const first = await screen.findByRole("textbox", { name: "First name" });
    fireEvent.change(first, { target: { value: "A" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Phone number" }), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("The first name is too short.")).toBeTruthy();
    expect(screen.getByText("The phone number is not valid")).toBeTruthy();
    expect(first.getAttribute("aria-invalid")).toBe("true");
    expect(writes()).toEqual([]);
  });

  it("saves only the changed fields, shows the new name, updates the cached user and says so", async () => {
    answerOnce("PATCH", "/api/users/me/", { status: 200, json: { ...user, first_name: "Annie" } });
    renderSettings(app.services, "/settings/profile");
    const first = await screen.findByRole("textbox", { name: "First name" });
    fireEvent.change(first, { target: { value: " Annie " } });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ title: "Profile saved", variant: "success" }));
    expect(writes().map((r) => [r.method, r.url, r.body])).toEqual([["PATCH", "/api/users/me/", { first_name: "Annie" }]]);
    expect((first as HTMLInputElement).value).toBe("Annie");
    expect(cachedUser()?.first_name).toBe("Annie");
  });

  it("puts the focus on the first field to fix, its message read with it (aria-describedby)", async () => {
    renderSettings(app.services, "/settings/profile");
    const last = await screen.findByRole("textbox", { name: "Last name" });
    fireEvent.change(last, { target: { value: "" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Phone number" }), { target: { value: "12" } });
    const save = screen.getByRole("button", { name: "Save profile" });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(last));
    expect(last.getAttribute("aria-invalid")).toBe("true");
    const described = (last.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "");
    expect(described.some((text) => /last name/i.test(text))).toBe(true);
    expect(writes()).toEqual([]);
  });

  it("says Nothing changed, in a toast and the polite live region, when the save has nothing to send", async () => {
    clearAnnouncer("polite");
    renderSettings(app.services, "/settings/profile");
    await screen.findByRole("textbox", { name: "First name" });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    // The submit waits for the phone rule (loaded on first use, issue 35).
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ title: "Nothing changed", variant: "default" }));
    await waitFor(() => expect(document.querySelector("[aria-live='polite']")?.textContent).toContain("Nothing changed"));
    expect(writes()).toEqual([]);
  });

  it("puts the server's refusal on the phone field and keeps everything typed", async () => {
    answerOnce("PATCH", "/api/users/me/", { status: 400, json: errorBody("ERROR_021", "The phone number already exists") });
    renderSettings(app.services, "/settings/profile");
    const last = await screen.findByRole("textbox", { name: "Last name" });
    fireEvent.change(last, { target: { value: "Leigh" } });
    const phone = screen.getByRole("textbox", { name: "Phone number" });
    fireEvent.change(phone, { target: { value: "+1 415 555 2671" } });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("The phone number already exists")).toBeTruthy();
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect((phone as HTMLInputElement).value).toBe("+1 415 555 2671");
    expect((last as HTMLInputElement).value).toBe("Leigh");
    expect(writes()[0]?.body).toEqual({ last_name: "Leigh", phone: "+14155552671" });
  });
});

describe("the password form", () => {
  const fill = (current: string, next: string, confirmation: string) => {
    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: current } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: next } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: confirmation } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
  };

  it("refuses a mismatched confirmation locally", async () => {
    renderSettings(app.services, "/settings/security");
    fill("old-password-1", "new-password-1", "new-password-2");
    expect(await screen.findByText("The passwords do not match")).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("changes the password, says so and empties the form", async () => {
    answerOnce("POST", "/api/users/me/change_password/", { status: 204 });
    renderSettings(app.services, "/settings/security");
    fill("old-password-1", "new-password-1", "new-password-1");
    await waitFor(() => expect(showToast).toHaveBeenCalledTimes(1));
    expect(vi.mocked(showToast).mock.calls[0]?.[0].title).toBe("Password changed");
    expect(writes()[0]?.body).toEqual({
      old_password: "old-password-1",
      new_password: "new-password-1",
      new_password_confirmation: "new-password-1",
    });
    expect((screen.getByLabelText("Current password") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("New password") as HTMLInputElement).value).toBe("");
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    answerOnce("POST", "/api/users/me/change_password/", { status: 400, json: errorBody("ERROR_005", "The username or password is incorrect") });
    renderSettings(app.services, "/settings/security");
    fill("wrong-password", "new-password-1", "new-password-1");
    await waitFor(() => expect(screen.getAllByRole("alert").some((a) => a.textContent === "The username or password is incorrect")).toBe(true));
    expect((screen.getByLabelText("Current password") as HTMLInputElement).value).toBe("wrong-password");
  });
});

describe("the verification methods", () => {
  it("keeps the only method: Remove is disabled with an explanation", async () => {
    renderSettings(app.services, "/settings/security");
    const remove = await screen.findByRole("button", { name: "Remove Email" });
    expect(remove.hasAttribute("disabled")).toBe(true);
    expect(remove.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(remove.getAttribute("aria-describedby") ?? "")?.textContent).toContain(
      "Your only method cannot be removed",
    );
    expect(screen.queryByRole("button", { name: "Make default: Email" })).toBeNull();
  });

  it("adds an authenticator app after a code from one of the person's methods: shows the secret, confirms and updates the list", async () => {
    answerOnce("POST", "/api/users/me/mfa/send_code/", { status: 204 });
    answerOnce("POST", "/api/users/me/mfa/", {
      status: 200,
      json: { secret: "JBSWY3DPEHPK3PXP", url: "otpauth://totp/Portal:ann?secret=JBSWY3DPEHPK3PXP" },
    });
    answerOnce("POST", "/api/users/me/mfa/confirm/", { status: 200, json: { ...user, mfa_methods: ["email", "app"] } });
    renderSettings(app.services, "/settings/security");
    fireEvent.click(await screen.findByRole("button", { name: "Add authenticator app" }));
    const dialog = await screen.findByRole("dialog", { name: "Add authenticator app" });
    // Nothing is started before the person proves a method they already have.
    expect(within(dialog).getByText("To make sure it is you, confirm with a code from one of your methods.")).toBeTruthy();
    expect(within(dialog).queryByRole("img", { name: /QR code/ })).toBeNull();
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("radio", { name: "Email" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    fireEvent.change(await within(dialog).findByRole("textbox", { name: "Verification code" }), { target: { value: "864200" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(await within(dialog).findByText("JBSW Y3DP EHPK 3PXP")).toBeTruthy();
    expect(within(dialog).getByRole("img", { name: /QR code/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    // A fresh field for the app's code: the step-up code is not left in it.
    const appCode = within(dialog).getByRole("textbox", { name: "Verification code" }) as HTMLInputElement;
    expect(appCode.value).toBe("");
    fireEvent.change(appCode, { target: { value: "123456" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(showToast).toHaveBeenCalledWith({ title: "Authenticator app added", variant: "success" });
    expect(writes().map((r) => [r.url, r.body])).toEqual([
      ["/api/users/me/mfa/send_code/", { mfa_option: "email" }],
      ["/api/users/me/mfa/", { mfa_option: "app", confirm_option: "email", otp_code: "864200" }],
      ["/api/users/me/mfa/confirm/", { mfa_option: "app", otp_code: "123456" }],
    ]);
    expect(cachedUser()?.mfa_methods).toEqual(["email", "app"]);
    expect(await screen.findByRole("button", { name: "Remove Authenticator app" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add authenticator app" })).toBeNull();
  });

  it("shows a refused step-up code on the code step and starts nothing", async () => {
    answerOnce("POST", "/api/users/me/mfa/send_code/", { status: 204 });
    answerOnce("POST", "/api/users/me/mfa/", { status: 400, json: errorBody("ERROR_019", "The OTP code is invalid", "otp_code") });
    renderSettings(app.services, "/settings/security");
    fireEvent.click(await screen.findByRole("button", { name: "Add authenticator app" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    fireEvent.change(await within(dialog).findByRole("textbox", { name: "Verification code" }), { target: { value: "000000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(await within(dialog).findByText(/^The otp code is invalid/i)).toBeTruthy();
    expect(within(dialog).queryByRole("img", { name: /QR code/ })).toBeNull();
    expect(within(dialog).getByRole("textbox", { name: "Verification code" })).toBeTruthy();
    expect(writes().map((r) => r.url)).toEqual(["/api/users/me/mfa/send_code/", "/api/users/me/mfa/"]);
  });

  it("refuses a short code in the dialog without calling the server", async () => {
    answerOnce("POST", "/api/users/me/mfa/send_code/", { status: 204 });
    renderSettings(app.services, "/settings/security");
    fireEvent.click(await screen.findByRole("button", { name: "Add authenticator app" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(await within(dialog).findByRole("button", { name: "Continue" }));
    fireEvent.change(await within(dialog).findByRole("textbox", { name: "Verification code" }), { target: { value: "123" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(await within(dialog).findByText("The OTP code is invalid")).toBeTruthy();
    expect(writes()).toHaveLength(1);
  });

  it("closes the dialog on Escape and returns focus to the button that opened it", async () => {
    renderSettings(app.services, "/settings/security");
    const add = await screen.findByRole("button", { name: "Add text message (SMS)" });
    act(() => add.focus());
    fireEvent.keyDown(add, { key: "Enter" });
    fireEvent.keyUp(add, { key: "Enter" });
    const dialog = await screen.findByRole("dialog", { name: "Add text messages (SMS)" });
    const phone = within(dialog).getByRole("textbox", { name: "Mobile phone number" });
    fireEvent.keyDown(phone, { key: "Escape" });
    fireEvent.keyUp(phone, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add text message (SMS)" })));
    expect(writes()).toEqual([]);
  });

  it("removes a method after a code sent to the chosen confirming method", async () => {
    user = { ...user, mfa_methods: ["email", "app"], default_mfa_method: "app" };
    answerOnce("POST", "/api/users/me/mfa/send_code/", { status: 204 });
    answerOnce("POST", "/api/users/me/mfa/remove/", { status: 200, json: { ...user, mfa_methods: ["email"], default_mfa_method: "email" } });
    renderSettings(app.services, "/settings/security");
    fireEvent.click(await screen.findByRole("button", { name: "Remove Authenticator app" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove authenticator app" });
    expect(within(dialog).getByText("Email will become your default method.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("radio", { name: "Email" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    fireEvent.change(await within(dialog).findByRole("textbox", { name: "Verification code" }), { target: { value: "654321" } });
    expect((within(dialog).getByRole("button", { name: "Resend code" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes().map((r) => [r.url, r.body])).toEqual([
      ["/api/users/me/mfa/send_code/", { mfa_option: "email" }],
      ["/api/users/me/mfa/remove/", { mfa_option: "app", confirm_option: "email", otp_code: "654321" }],
    ]);
    expect(showToast).toHaveBeenCalledWith({ title: "Authenticator app removed", variant: "success" });
    expect((await screen.findByRole("button", { name: "Remove Email" })).hasAttribute("disabled")).toBe(true);
  });
});

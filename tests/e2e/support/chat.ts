import type { Browser, Locator, Page, Response } from "@playwright/test";
import { chatStreamEndpoint, deviceMessagesEndpoint, listThreadsEndpoint } from "../../../domain/chat/chat-endpoints.ts";
import { issueDeviceEndpoint } from "../../../domain/mobile/mobile-endpoints.ts";
import { fillPath } from "../../../domain/shared/wire/endpoint.ts";
import { chatPatient } from "../../../server/features/chat/chat-patient.ts";
import { expect } from "./fixtures.ts";
import { apiGet, captureApiHeaders } from "./api.ts";
import { DEV_API_KEY } from "./outbox.ts";
import { mainNav } from "./shell.ts";
import { openSignedIn } from "./signed-in-state.ts";
import { ACCOUNTS } from "./sign-in.ts";

// The SLP chat's browser flows (issue 34, tests/e2e/chat.spec.ts): a patient of the demo SLP with
// a paired device of their own, and the patient's side played by `npm run chat-patient`
// (server/features/chat/chat-patient.ts), called as its own test calls it.

/** A patient of the demo SLP made for one flow, and the token of the device paired with them. */
export type ChatPatientOf = { readonly id: number; readonly name: string; readonly token: string };

/** A POST with the captured headers; fails the flow on any answer but 2xx, with the body in the message. */
async function apiPost<T>(page: Page, headers: Record<string, string>, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { headers, data });
  expect(response.ok(), `POST ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A new patient assigned to the demo SLP, with a device paired as "Pair a device" on the record
 * does (POST patients/{id}/devices/, which answers the token this once), both done by the
 * institution admin in a context of its own. Each flow gets its own: its thread, its unread count
 * and its messages belong to that flow alone, and the name sorts after every demo patient so no
 * other spec's first page changes (patient-devices.spec.ts passes over patients with a device).
 */
export async function newChatPatient(browser: Browser, baseURL: string | undefined): Promise<ChatPatientOf> {
  const context = await browser.newContext({ ...(baseURL === undefined ? {} : { baseURL }) });
  try {
    const admin = await context.newPage();
    const headers = captureApiHeaders(admin);
    await openSignedIn(admin, ACCOUNTS.admin);
    const staff = await apiGet<{ results: { id: number; email: string }[] }>(admin, await headers(), `/api/staff/?page=1&page_size=10&search=${encodeURIComponent(ACCOUNTS.slp.email)}`);
    const slpId = staff.results.find((row) => row.email === ACCOUNTS.slp.email)?.id;
    expect(slpId, "the demo SLP is in the admin's staff list").toBeDefined();
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const person = { first_name: "Zelda", last_name: `Zywiec${tag}`, email: `zelda.${tag}@patients.test`, birthdate: "1951-07-02", gender: "female", staff: slpId };
    const patient = await apiPost<{ id: number }>(admin, await headers(), "/api/patients/", person);
    const device = await apiPost<{ token: string }>(admin, await headers(), fillPath(issueDeviceEndpoint.path, { id: patient.id }), { label: `Chat tablet ${tag}` });
    return { id: patient.id, name: `${person.first_name} ${person.last_name}`, token: device.token };
  } finally {
    await context.close();
  }
}

/** One run of the script: its exit status and the lines it wrote. */
type Run = { readonly status: Promise<number>; readonly out: string[]; readonly err: string[] };

const runScript = (base: string, token: string, args: readonly string[], signal?: AbortSignal): Run => {
  const out: string[] = [];
  const err: string[] = [];
  const status = chatPatient(["--base", base, "--api-key", DEV_API_KEY, "--token", token, ...args], {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    ...(signal === undefined ? {} : { signal }),
    env: {},
  });
  return { status, out, err };
};

type DeviceMessage = { readonly seq: number; readonly stream_seq: number; readonly body: string; readonly author: { readonly kind: string; readonly name: string }; readonly attachment: { readonly id: number; readonly name: string } | null };

/** The patient's side, as `npm run chat-patient` plays it, against the worker's server. */
export function playPatient(base: string, token: string) {
  return {
    /** `chat-patient say "text"`: fails the flow unless the portal took it. */
    async say(text: string): Promise<void> {
      const run = runScript(base, token, ["say", text]);
      expect(await run.status, `chat-patient say: ${run.err.join("\n")}`).toBe(0);
      expect(run.out, "chat-patient say printed the stored message").toHaveLength(1);
      expect(run.out[0]).toMatch(/^\d+ /);
      expect(run.out[0]?.endsWith(`: ${text}`)).toBe(true);
    },
    /** `chat-patient read`: marks the newest message read. */
    async read(): Promise<void> {
      const run = runScript(base, token, ["read"]);
      expect(await run.status, `chat-patient read: ${run.err.join("\n")}`).toBe(0);
    },
    /** The patient's thread as the app reads it (GET mobile/chat/messages/, the device header), oldest first. */
    async messages(): Promise<readonly DeviceMessage[]> {
      const response = await fetch(new URL(deviceMessagesEndpoint.path, base), { headers: { "x-api-key": DEV_API_KEY, authorization: `Device ${token}` } });
      expect(response.ok, `GET ${deviceMessagesEndpoint.path} answered ${response.status}`).toBe(true);
      return ((await response.json()) as { messages: DeviceMessage[] }).messages;
    },
    /**
     * `chat-patient listen --last-event-id N`, N the newest stream event of the thread now: the
     * stream replays from there, so a message sent before the connection is up is not missed.
     * `stop()` ends it (its Ctrl-C) and answers its exit status.
     */
    async listen(): Promise<{ readonly lines: readonly string[]; readonly stop: () => Promise<number> }> {
      const newest = (await this.messages()).reduce((highest, message) => Math.max(highest, message.stream_seq), 0);
      const controller = new AbortController();
      const run = runScript(base, token, ["listen", "--last-event-id", String(newest)], controller.signal);
      return {
        lines: run.out,
        stop: async () => {
          controller.abort();
          const status = await run.status;
          expect(run.err.filter((line) => !line.startsWith("stream dropped")), "chat-patient listen wrote no refusal").toEqual([]);
          return status;
        },
      };
    },
  };
}

/**
 * The next response of the chat's stream (GET slp-chat/stream/) in this context: its headers
 * arrive once the server holds the stream open, so a message sent after that reaches the page
 * live. Ask for it before the navigation that opens the stream.
 */
export const chatStreamOpened = (page: Page): Promise<Response> =>
  page.context().waitForEvent("response", { predicate: (response) => new URL(response.url()).pathname === chatStreamEndpoint.path && response.ok(), timeout: 30_000 });

/**
 * The sidebar's "SLP Chat" entry, whatever its unread count. Chromium names it "SLP Chat , 2
 * unread" (the label and the badge are separate boxes, so a space comes between them), hence the
 * optional space before the comma here and below.
 */
export const chatEntry = (page: Page): Locator => mainNav(page).getByRole("list").getByRole("link", { name: /^SLP Chat( ?, \d+ unread)?$/ });

/** The entry's accessible name and the title's prefix for `unread` unread messages. */
export const unreadSigns = (unread: number) => ({
  entry: unread === 0 ? /^SLP Chat$/ : new RegExp(`^SLP Chat ?, ${unread} unread$`),
  title: unread === 0 ? /^(?!\(\d+\) )/ : new RegExp(`^\\(${unread}\\) `),
});

/** The signed-in SLP's unread total over every thread, as the server counts it now. */
export async function unreadTotal(page: Page, headers: Record<string, string>): Promise<number> {
  const threads = await apiGet<readonly { unread: number }[]>(page, headers, listThreadsEndpoint.path);
  return threads.reduce((sum, thread) => sum + thread.unread, 0);
}

/** The open thread's region (its h2 is the patient's name) and its parts. */
export function threadParts(page: Page, name: string) {
  const region = page.getByRole("main").getByRole("region", { name, exact: true });
  return {
    region,
    log: region.getByRole("log", { name: `Messages with ${name}` }),
    composer: region.getByRole("textbox", { name: `Message to ${name}` }),
    fileInput: region.locator("input[type=file]"),
    send: region.getByRole("button", { name: "Send", exact: true }),
  };
}

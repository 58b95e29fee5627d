import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { dashboardOverviewEndpoint, patientsDashboardEndpoint } from "../../domain/dashboard/dashboard-endpoints.ts";
import { reviewQueueStepEndpoint } from "../../domain/review-queue/review-queue-endpoints.ts";
import { ROUTE_PRELOAD_ELEMENT_ID, SESSION_BOOT_GLOBAL, SESSION_STORAGE_KEY } from "../../domain/shared/session/session-boot.ts";
import { CLIENT_CONFIG_ELEMENT_ID } from "../../domain/shared/wire/client-config.ts";
import { sessionBootScript } from "./session-boot-script.ts";

// The boot script runs in a page before any of the app's code; here it runs in a bare context with
// only what a page gives it (storage, the configuration block, fetch), so what it sends is seen.

type Sent = { readonly url: string; readonly init: { method?: string; headers: Record<string, string>; body?: string } };

type Link = { rel: string; href: string; crossOrigin: string | null; fetchPriority?: string };

const runBoot = (options: {
  readonly stored: string | null;
  readonly config?: string | null;
  readonly answers?: Record<string, { status: number; body: unknown }>;
  readonly preset?: unknown;
  /** The build's block of each route's files, and the page's address. */
  readonly preload?: string;
  readonly path?: string;
  readonly search?: string;
}) => {
  const sent: Sent[] = [];
  const links: Link[] = [];
  const window: Record<string, unknown> = {
    sessionStorage: { getItem: (key: string) => (key === SESSION_STORAGE_KEY ? options.stored : null) },
    location: { pathname: options.path ?? "/dashboard", search: options.search ?? "" },
  };
  if (options.preset !== undefined) window[SESSION_BOOT_GLOBAL] = options.preset;
  const blocks: Record<string, string | undefined> = {
    [CLIENT_CONFIG_ELEMENT_ID]: options.config === null ? undefined : (options.config ?? '{"apiKey":"key-1"}'),
    [ROUTE_PRELOAD_ELEMENT_ID]: options.preload,
  };
  const document = {
    getElementById: (id: string) => (blocks[id] === undefined ? null : { textContent: blocks[id] }),
    createElement: (): Link => ({ rel: "", href: "", crossOrigin: null }),
    head: { appendChild: (link: Link) => links.push(link) },
  };
  const fetch = async (url: string, init: Sent["init"]) => {
    sent.push({ url, init });
    const answer = Object.entries(options.answers ?? {}).find(([path]) => url === path)?.[1] ?? { status: 404, body: {} };
    return { status: answer.status, text: async () => JSON.stringify(answer.body) };
  };
  // Lets every promise the script chained settle (its fetches answer at once here).
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  runInNewContext(sessionBootScript(), { window, document, fetch, JSON, String, Promise, RegExp, Array, Object });
  return { sent, window, links, settled };
};

const STORED = JSON.stringify({ refresh_token: "ref-1", user_id: 12 });

describe("the session's boot script", () => {
  it("sends the refresh with the stored token and the page's API key, then asks for the user with the new access token", async () => {
    const { sent, window } = runBoot({
      stored: STORED,
      answers: { "/api/authentication/refresh/": { status: 200, body: { access: "acc-2", refresh: "ref-2" } }, "/api/users/12/": { status: 200, body: { id: 12 } } },
    });
    const boot = window[SESSION_BOOT_GLOBAL] as { refreshToken: string; userId: number; tokens: Promise<{ status: number; text: string }>; user: Promise<unknown> };
    expect(boot.refreshToken).toBe("ref-1");
    expect(boot.userId).toBe(12);
    await expect(boot.tokens).resolves.toEqual({ status: 200, text: JSON.stringify({ access: "acc-2", refresh: "ref-2" }) });
    await expect(boot.user).resolves.toEqual({ status: 200, text: JSON.stringify({ id: 12 }) });
    expect(sent.map(({ url, init }) => [url, init.method ?? "GET", init.headers["X-Api-Key"], init.headers.Authorization ?? null, init.body ?? null])).toEqual([
      ["/api/authentication/refresh/", "POST", "key-1", null, JSON.stringify({ refresh: "ref-1" })],
      ["/api/users/12/", "GET", "key-1", "Bearer acc-2", null],
    ]);
  });

  it("asks for no user when the refresh is refused", async () => {
    const { sent, window } = runBoot({ stored: STORED, answers: { "/api/authentication/refresh/": { status: 401, body: { code: "ERROR_001" } } } });
    const boot = window[SESSION_BOOT_GLOBAL] as { user: Promise<unknown> };
    await expect(boot.user).resolves.toBeNull();
    expect(sent.map(({ url }) => url)).toEqual(["/api/authentication/refresh/"]);
  });

  it("sends nothing without a stored session, with a damaged one, without the configuration, or when the app started first", () => {
    for (const options of [
      { stored: null },
      { stored: "not json" },
      { stored: JSON.stringify({ refresh_token: 5, user_id: 12 }) },
      { stored: STORED, config: null },
      { stored: STORED, config: '{"apiKey":3}' },
      { stored: STORED, preset: null },
    ]) {
      const { sent, window } = runBoot(options);
      expect(sent).toEqual([]);
      expect(window[SESSION_BOOT_GLOBAL]).toBeNull();
    }
  });

  const PRELOAD = JSON.stringify({
    files: ["assets/area.js", "assets/page.js", "assets/page.css", "assets/other.js", "assets/reads.js"],
    routes: [
      ["^/patients/?$", [0, 1, 2], [4]],
      ["^/patient/[^/]+/?$", [0, 3]],
    ],
  });

  it("asks at once for the files the build lists for the page's route, the first that matches, as the build's loader would", () => {
    const { links } = runBoot({ stored: STORED, preload: PRELOAD, path: "/patients" });
    // The code at low priority, so the reads asked a moment later do not queue behind it.
    expect(links).toEqual([
      { rel: "modulepreload", href: "/assets/area.js", crossOrigin: "", fetchPriority: "low" },
      { rel: "modulepreload", href: "/assets/page.js", crossOrigin: "", fetchPriority: "low" },
      { rel: "stylesheet", href: "/assets/page.css", crossOrigin: "" },
    ]);
    expect(runBoot({ stored: STORED, preload: PRELOAD, path: "/patient/7" }).links.map(({ href }) => href)).toEqual(["/assets/area.js", "/assets/other.js"]);
  });

  // Issue 35: at the bare address the script's own reads are the module's; a query string changes them.
  it("asks for the route's arrival reads' module only at an address with a query string", () => {
    expect(runBoot({ stored: STORED, preload: PRELOAD, path: "/patients" }).links.map(({ href }) => href)).not.toContain("/assets/reads.js");
    expect(runBoot({ stored: STORED, preload: PRELOAD, path: "/patients", search: "?page=2" }).links.map(({ href }) => href)).toEqual([
      "/assets/area.js",
      "/assets/page.js",
      "/assets/page.css",
      "/assets/reads.js",
    ]);
    expect(runBoot({ stored: STORED, preload: PRELOAD, path: "/patient/7", search: "?tab=goals" }).links.map(({ href }) => href)).toEqual(["/assets/area.js", "/assets/other.js"]);
  });

  it("asks for no file on an address the block does not name, without a session, or without a readable block", () => {
    for (const options of [
      { stored: STORED, preload: PRELOAD, path: "/auth/sign-in" },
      { stored: null, preload: PRELOAD, path: "/patients" },
      { stored: STORED, path: "/patients" },
      { stored: STORED, preload: "not json", path: "/patients" },
      { stored: STORED, preload: '{"files":"x"}', path: "/patients" },
    ]) {
      expect(runBoot(options).links).toEqual([]);
    }
  });

  const TOKENS = { access: "acc-2", refresh: "ref-2" };
  type Boot = { user: Promise<unknown>; reads: Record<string, Promise<unknown>> };
  const bootOf = (window: Record<string, unknown>) => window[SESSION_BOOT_GLOBAL] as Boot;
  const REFRESH = "/api/authentication/refresh/";

  it("takes the user record from the refresh answer, when it carries this user's, instead of asking again", async () => {
    const { sent, window, settled } = runBoot({ stored: STORED, answers: { [REFRESH]: { status: 200, body: { ...TOKENS, user: { id: 12, email: "a@b.test" } } } } });
    await expect(bootOf(window).user).resolves.toEqual({ status: 200, text: JSON.stringify({ id: 12, email: "a@b.test" }) });
    await settled();
    expect(sent.map(({ url }) => url)).toEqual([REFRESH]);
    // Another user's record in the answer is not taken: the script asks for the stored user's.
    const other = runBoot({ stored: STORED, answers: { [REFRESH]: { status: 200, body: { ...TOKENS, user: { id: 13 } } }, "/api/users/12/": { status: 200, body: { id: 12 } } } });
    await expect(bootOf(other.window).user).resolves.toEqual({ status: 200, text: JSON.stringify({ id: 12 }) });
  });

  it("starts the route's main reads with the new access token, as the app asks them", async () => {
    const detail = "/api/game-session/42/detailed/";
    const { sent, window, settled } = runBoot({
      stored: STORED,
      path: "/details-panel/patient/7/level/3/trend/42",
      search: "?queue=caseload",
      answers: { [REFRESH]: { status: 200, body: { ...TOKENS, user: { id: 12 } } }, [detail]: { status: 200, body: { id: 42 } } },
    });
    const reads = bootOf(window).reads;
    expect(Object.keys(reads)).toEqual(["/api/patients/7/", "/api/patients/7/game-levels/", detail]);
    await expect(reads[detail]).resolves.toEqual({ status: 200, text: JSON.stringify({ id: 42 }) });
    await expect(reads["/api/patients/7/"]).resolves.toEqual({ status: 404, text: "{}" });
    await settled();
    expect(sent.slice(1).map(({ url, init }) => [url, init.method ?? "GET", init.headers.Authorization, init.headers["X-Api-Key"]])).toEqual([
      ["/api/patients/7/", "GET", "Bearer acc-2", "key-1"],
      ["/api/patients/7/game-levels/", "GET", "Bearer acc-2", "key-1"],
      [detail, "GET", "Bearer acc-2", "key-1"],
    ]);
    // At the bare address the walk's steps on either side go too; the query string above changes
    // them (the caseload's walk), so there the app asks its own.
    const bare = runBoot({ stored: STORED, path: "/details-panel/patient/7/level/3/trend/42", answers: { [REFRESH]: { status: 200, body: { ...TOKENS, user: { id: 12 } } } } });
    const step = (direction: string) => `${reviewQueueStepEndpoint.path}?scope=patient&patient=7&from=42&direction=${direction}`;
    expect(Object.keys(bootOf(bare.window).reads)).toEqual(["/api/patients/7/", "/api/patients/7/game-levels/", detail, step("next"), step("previous")]);
  });

  it("reads nothing when the refresh is refused, and starts no read at an address it cannot fill", async () => {
    const refused = runBoot({ stored: STORED, path: "/patient/7", answers: { [REFRESH]: { status: 401, body: { code: "ERROR_001" } } } });
    await expect(bootOf(refused.window).reads["/api/patients/7/"]).resolves.toBeNull();
    await refused.settled();
    expect(refused.sent.map(({ url }) => url)).toEqual([REFRESH]);
    for (const [path, search] of [["/patient/07", ""], ["/patient/abc", ""], ["/patients", "?page=2"], ["/dashboard", "?page=2"], ["/settings", ""]] as const) {
      expect(bootOf(runBoot({ stored: STORED, path, search }).window).reads).toEqual({});
    }
    expect(Object.keys(bootOf(runBoot({ stored: STORED, path: "/patients" }).window).reads)).toEqual(["/api/patients/?page=1&page_size=10&ordering=first_name"]);
  });

  const SLP_READS = [`${patientsDashboardEndpoint.path}?page=1&page_size=10`, `${reviewQueueStepEndpoint.path}?scope=caseload`];
  const OVERVIEW = dashboardOverviewEndpoint.path;
  const dashboardBoot = (role: unknown, refresh = 200) =>
    runBoot({ stored: STORED, path: "/dashboard", answers: { [REFRESH]: { status: refresh, body: { ...TOKENS, user: { id: 12, role } } } } });

  it("starts the dashboard's reads of the user's role once the refresh answer names it, and none of another role's", async () => {
    const slp = dashboardBoot({ id: 4, title: "SLP", code_name: "STAFF" });
    // Every role's reads are named at once (the app takes them by request), each settled by the role.
    expect(Object.keys(bootOf(slp.window).reads)).toEqual([...SLP_READS, OVERVIEW]);
    await expect(bootOf(slp.window).reads[OVERVIEW]).resolves.toBeNull();
    await slp.settled();
    expect(slp.sent.slice(1).map(({ url, init }) => [url, init.headers.Authorization])).toEqual(SLP_READS.map((url) => [url, "Bearer acc-2"]));

    for (const code of ["institution_admin", "super_admin", "staff_admin"]) {
      const admin = dashboardBoot({ id: 1, title: "Admin", code_name: code });
      await expect(bootOf(admin.window).reads[SLP_READS[0] ?? ""]).resolves.toBeNull();
      await admin.settled();
      expect(admin.sent.slice(1).map(({ url }) => url)).toEqual([OVERVIEW]);
    }
  });

  it("sends no dashboard read for a record without a known role, or when the refresh is refused", async () => {
    for (const boot of [dashboardBoot(undefined), dashboardBoot({ id: 9, title: "?", code_name: "auditor" }), dashboardBoot({ id: 4, code_name: "staff" }, 401)]) {
      for (const read of Object.values(bootOf(boot.window).reads)) await expect(read).resolves.toBeNull();
      await boot.settled();
      expect(boot.sent.map(({ url }) => url)).toEqual([REFRESH]);
    }
  });
});

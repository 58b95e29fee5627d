import type { Page } from "@playwright/test";

export type ExpectedFailure = {
  /** The request's method, e.g. "POST". */
  readonly method: string;
  /** Matches the request's URL. */
  readonly url: RegExp;
  readonly status: number;
};

/**
 * Collects console errors, uncaught page errors and failed responses (status 400 or more) while a
 * flow runs; the flow ends with `expect(problems).toEqual([])`. Console errors include CSP
 * violations, so this also proves the built client runs under the server's strict
 * Content-Security-Policy. A flow that provokes a failure on purpose (a wrong code) lists it in
 * `expected`: that response, and Chromium's "Failed to load resource" line for it, are not problems.
 */
export function collectPageProblems(page: Page, expected: readonly ExpectedFailure[] = []): string[] {
  const problems: string[] = [];
  const expectedUrls: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const source = message.location().url;
    if (message.text().startsWith("Failed to load resource") && expectedUrls.includes(source)) return;
    problems.push(`console: ${message.text()}${source === "" ? "" : ` (${source})`}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() < 400) return;
    const request = response.request();
    const isExpected = expected.some(
      (failure) => failure.method === request.method() && failure.url.test(response.url()) && failure.status === response.status(),
    );
    if (isExpected) {
      expectedUrls.push(response.url());
      return;
    }
    problems.push(`${response.status()} ${request.method()} ${response.url()}`);
  });
  page.on("requestfailed", (request) => {
    // A navigation away cancels requests in flight (net::ERR_ABORTED); that is not a failure.
    if (request.failure()?.errorText === "net::ERR_ABORTED") return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ""}`);
  });
  return problems;
}

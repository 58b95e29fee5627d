import { expect, type Page } from "@playwright/test";

// Generous: the first Bearer call can come well after the dashboard's heading (the heading paints
// from the refresh's answer alone), and a loaded 2-core machine delays the events that carry it.
const FIRST_CALL_MS = 60_000;

/**
 * The headers the signed-in page sends (its Bearer token and the API key), captured from its own
 * calls, so a test can ask the API what the demo data holds without signing in a second time.
 * Waits for the page's first Bearer call: read at once, the headers were still empty when the page
 * had painted before sending one, and the API answered 401 (CI, patient-devices.spec.ts).
 */
export function captureApiHeaders(page: Page): () => Promise<Record<string, string>> {
  let headers: Record<string, string> = {};
  page.on("request", (request) => {
    const sent = request.headers();
    const authorization = sent["authorization"];
    const apiKey = sent["x-api-key"];
    if (authorization?.startsWith("Bearer ") === true && apiKey !== undefined) headers = { authorization, "x-api-key": apiKey };
  });
  return async () => {
    await expect.poll(() => headers["authorization"] ?? "", { message: "the page sent no Bearer call to copy", timeout: FIRST_CALL_MS }).not.toBe("");
    return headers;
  };
}

/** GET with the captured headers; fails the test on any answer but 2xx. */
export async function apiGet<T>(page: Page, headers: Record<string, string>, path: string): Promise<T> {
  const response = await page.request.get(path, { headers });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

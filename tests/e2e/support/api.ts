import { expect, type Page } from "@playwright/test";

/**
 * The headers the signed-in page sends (its Bearer token and the API key), captured from its own
 * calls, so a test can ask the API what the demo data holds without signing in a second time.
 */
export function captureApiHeaders(page: Page): () => Record<string, string> {
  let headers: Record<string, string> = {};
  page.on("request", (request) => {
    const sent = request.headers();
    const authorization = sent["authorization"];
    const apiKey = sent["x-api-key"];
    if (authorization?.startsWith("Bearer ") === true && apiKey !== undefined) headers = { authorization, "x-api-key": apiKey };
  });
  return () => headers;
}

/** GET with the captured headers; fails the test on any answer but 2xx. */
export async function apiGet<T>(page: Page, headers: Record<string, string>, path: string): Promise<T> {
  const response = await page.request.get(path, { headers });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

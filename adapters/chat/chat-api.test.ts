// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { ChatAttachmentId } from "../../domain/chat/chat-wire.ts";
import { UserId } from "../../domain/shared/ids.ts";
import { createApiClient } from "../shared/api-client.ts";
import { API_KEY, startHarness, type Harness } from "../shared/fixtures.test-helper.ts";
import { errorBody } from "../shared/test-server.test-helper.ts";
import { createChatApi } from "./chat-api.ts";

// The attachment download is no JSON call (it answers the file's bytes), yet it keeps the JSON
// calls' rule for an expired token: the session's one refresh, then one retry.

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
});

const apiWithRefresh = (started: Harness, onRefresh: () => "refreshed" | "ended") => {
  const { credentials } = started.adapters;
  credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
  let generation = 0;
  const client = createApiClient({
    baseUrl: started.server.baseUrl,
    apiKey: API_KEY,
    credentials,
    tokenRefresh: {
      currentGeneration: () => generation,
      awaitFreshToken: async () => {
        const outcome = onRefresh();
        if (outcome === "refreshed") {
          credentials.updateTokens("acc-2", "ref-2");
          generation += 1;
        }
        return outcome;
      },
    },
  });
  return createChatApi(client);
};

describe("downloading an attachment", () => {
  it("after a 401 waits for the session's refresh and fetches once more with the new token", async () => {
    harness = await startHarness();
    const started = harness;
    started.server.script((request) =>
      request.headers.authorization === "Bearer acc-2"
        ? { status: 200, text: "%PDF-1.7 test", contentType: "application/pdf" }
        : { status: 401, json: errorBody("ERROR_001", "Token is invalid or expired") },
    );
    let refreshes = 0;
    const api = apiWithRefresh(started, () => {
      refreshes += 1;
      return "refreshed";
    });
    const file = await api.download(ChatAttachmentId.make(5));
    await expect(file.text()).resolves.toBe("%PDF-1.7 test");
    expect(refreshes).toBe(1);
    expect(started.server.requests.map((request) => [request.url, request.headers.authorization])).toEqual([
      ["/api/slp-chat/attachments/5/", "Bearer acc-1"],
      ["/api/slp-chat/attachments/5/", "Bearer acc-2"],
    ]);
  });

  it("refreshes no more than once, and says the refusal when the session cannot go on", async () => {
    harness = await startHarness();
    const started = harness;
    started.server.script(() => ({ status: 401, json: errorBody("ERROR_001", "Token is invalid or expired") }));
    let refreshes = 0;
    const refreshing = apiWithRefresh(started, () => {
      refreshes += 1;
      return "refreshed";
    });
    await expect(refreshing.download(ChatAttachmentId.make(5))).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(1);
    expect(started.server.requests).toHaveLength(2);
    const ended = apiWithRefresh(started, () => "ended");
    await expect(ended.download(ChatAttachmentId.make(6))).rejects.toMatchObject({ status: 401 });
    expect(started.server.requests).toHaveLength(3);
  });
});

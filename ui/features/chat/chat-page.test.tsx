// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import * as Schema from "effect/Schema";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { errorBody, type RecordedRequest, type ScriptedAnswer } from "../../../adapters/shared/test-server.test-helper.ts";
import { ChatAttachmentId, type ChatMessage, type ChatThread } from "../../../domain/chat/chat-wire.ts";
import { permissionsForRole } from "../../../domain/shared/permissions/permissions-for-role.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { ANA, ME, THREAD, chatMessage, chatThread, cursorOf } from "../../../domain/chat/chat-fixtures.test-helper.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { userWireFor } from "../../shell/shell.test-helper.ts";
import { ChatEventsContext, createChatEventHub } from "./chat-events.ts";
import { ChatPage } from "./chat-page.tsx";

// The chat page against the scripted server; the stream's events come from a hub the test
// publishes on, as the signed-in area's one stream would (chat-live.tsx).
const currentApp = useSignedInApp();
const slp = Schema.decodeUnknownSync(CurrentUser)({ ...currentUserWire, permissions: permissionsForRole("staff") });

const anaThread = (unread: number, last: ChatMessage | null = chatMessage(3)): ChatThread => chatThread(THREAD, unread, 3, last);

type Serve = (request: RecordedRequest) => ScriptedAnswer | Promise<ScriptedAnswer> | undefined;
const serve = (extra: Serve = () => undefined) =>
  currentApp().harness.server.script((request) => {
    const answer = extra(request);
    if (answer !== undefined) return answer;
    if (request.method === "GET" && request.url.startsWith("/api/slp-chat/threads/?")) return { status: 200, json: [] };
    if (request.method === "GET" && request.url === "/api/slp-chat/threads/") return { status: 200, json: [anaThread(1)] };
    if (request.method === "GET" && request.url === "/api/slp-chat/threads/3/messages/") {
      return { status: 200, json: { messages: [chatMessage(1, ME, "Hello Ana"), chatMessage(2), chatMessage(3)], has_earlier: true, cursors: [cursorOf(ANA, 1), cursorOf(ME, 2)] } };
    }
    if (request.method === "GET" && request.url === "/api/slp-chat/threads/3/messages/?before=1") return { status: 200, json: { messages: [], has_earlier: false, cursors: [] } };
    if (request.method === "PUT" && request.url === "/api/slp-chat/threads/3/read/") return { status: 200, json: cursorOf(ME, 3) };
    return { status: 404, json: { code: "ERROR_030", message: "Not found", detail: null, id: "t" } };
  });

const render = (path = "/slp-chat?thread=3") => {
  const hub = createChatEventHub();
  const location = renderAt(
    currentApp(),
    path,
    // In <main>, as the shell renders every page: a closing dialog's focus rule reads it.
    <main>
      <ChatEventsContext.Provider value={hub}>
        <ChatPage user={slp} />
      </ChatEventsContext.Provider>
    </main>,
  );
  return { hub, location };
};
const log = () => screen.findByRole("log", { name: "Messages with Ana Reyes" }, { timeout: 5_000 });
const sent = (method: string, url: string) => currentApp().harness.server.requests.filter((request) => request.method === method && request.url === url);

describe("/slp-chat", () => {
  it("lists the conversations with their unread count and opens the thread as a log whose own announcements are off", async () => {
    serve();
    render();
    const conversation = await screen.findByRole("link", { name: /Ana Reyes, patient, 1 unread/ }, { timeout: 5_000 });
    expect(conversation.getAttribute("aria-current")).toBe("page");
    const messages = await log();
    expect(messages.getAttribute("aria-live")).toBe("off");
    expect(await within(messages).findByText("message 3")).toBeTruthy();
    // One's own message carries its mark: Ana has read up to 1.
    expect(within(messages).getByText(/^Seen by Ana Reyes at /)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Jump to first unread" })).toBeTruthy();
    // The newest message is on screen (jsdom has no IntersectionObserver): the cursor is sent once.
    await waitFor(() => expect(sent("PUT", "/api/slp-chat/threads/3/read/")).toHaveLength(1));
    expect(sent("PUT", "/api/slp-chat/threads/3/read/")[0]?.body).toEqual({ seq: 3 });
  });

  it("loads earlier messages by a button, never by scrolling", async () => {
    serve();
    render();
    await log();
    fireEvent.click(await screen.findByRole("button", { name: "Load earlier messages" }));
    await waitFor(() => expect(sent("GET", "/api/slp-chat/threads/3/messages/?before=1")).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load earlier messages" })).toBeNull());
  });

  it("sends on Enter with a client-made UUID, keeps Shift+Enter for a new line, and shows Sent", async () => {
    serve((request) =>
      request.method === "POST" && request.url === "/api/slp-chat/threads/3/messages/"
        ? { status: 201, json: { ...chatMessage(4, ME, (request.body as { body: string }).body), client_id: (request.body as { client_id: string }).client_id } }
        : undefined,
    );
    render();
    await log();
    const box = await screen.findByRole("textbox", { name: "Message to Ana Reyes" });
    fireEvent.change(box, { target: { value: "See you" } });
    fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(sent("POST", "/api/slp-chat/threads/3/messages/")).toHaveLength(0);
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(sent("POST", "/api/slp-chat/threads/3/messages/")).toHaveLength(1));
    const body = sent("POST", "/api/slp-chat/threads/3/messages/")[0]?.body as { client_id: string; body: string };
    expect(body.body).toBe("See you");
    expect(body.client_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((box as HTMLTextAreaElement).value).toBe("");
    const messages = await log();
    expect(await within(messages).findByText("See you")).toBeTruthy();
    await waitFor(() => expect(within(messages).getAllByText("Sent").length).toBeGreaterThan(0));
  });

  it("keeps a failed send with Send again, which repeats the same client id", async () => {
    let attempts = 0;
    serve((request) => {
      if (request.method !== "POST") return undefined;
      attempts += 1;
      return attempts === 1
        ? { status: 500, json: { code: "ERROR_001", message: "An error occurred", detail: null, id: "t" } }
        : { status: 200, json: { ...chatMessage(4, ME, "Again"), client_id: (request.body as { client_id: string }).client_id } };
    });
    render();
    await log();
    const box = await screen.findByRole("textbox", { name: "Message to Ana Reyes" });
    fireEvent.change(box, { target: { value: "Again" } });
    fireEvent.keyDown(box, { key: "Enter" });
    fireEvent.click(await screen.findByRole("button", { name: "Send again" }));
    await waitFor(() => expect(sent("POST", "/api/slp-chat/threads/3/messages/")).toHaveLength(2));
    const [first, second] = sent("POST", "/api/slp-chat/threads/3/messages/").map((request) => (request.body as { client_id: string }).client_id);
    expect(second).toBe(first);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Send again" })).toBeNull());
  });

  it("adds an arriving message to the log without moving the focus", async () => {
    serve();
    const { hub } = render();
    const messages = await log();
    const box = await screen.findByRole("textbox", { name: "Message to Ana Reyes" });
    box.focus();
    act(() => hub.publish({ kind: "message", message: chatMessage(4, ANA, "Thank you!") }));
    expect(await within(messages).findByText("Thank you!")).toBeTruthy();
    expect(document.activeElement).toBe(box);
  });

  it("refuses a file of another kind before any byte is sent, and says why", async () => {
    serve();
    render();
    await screen.findByRole("textbox", { name: "Message to Ana Reyes" }, { timeout: 5_000 });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (input === null) throw new Error("no file input");
    fireEvent.change(input, { target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    expect(await screen.findByText(/The file format is not allowed: send a PDF, PNG or JPEG file\./)).toBeTruthy();
    expect(currentApp().harness.server.requests.some((request) => request.url.startsWith("/api/slp-chat/attachments/"))).toBe(false);
  });

  it("opens a patient's thread from their record's Message (made on first use)", async () => {
    serve((request) => (request.method === "PUT" && request.url === "/api/slp-chat/patients/7/thread/" ? { status: 200, json: anaThread(0) } : undefined));
    const { location } = render("/slp-chat?patient=7");
    await log();
    expect(sent("PUT", "/api/slp-chat/patients/7/thread/")).toHaveLength(1);
    expect(location.history.at(-1)).toBe("/slp-chat?thread=3");
  });

  it("opens a patient's new thread when the list's first read was made before it (CI's chat flow, a busy machine)", async () => {
    // The list's first read reaches the server first and is answered after the thread is made,
    // without it; every later read holds it.
    let made: () => void = () => undefined;
    const thread = new Promise<void>((resolve) => (made = resolve));
    serve((request) => {
      if (request.method === "PUT" && request.url === "/api/slp-chat/patients/7/thread/") {
        made();
        return { status: 200, json: anaThread(0) };
      }
      if (request.method !== "GET" || request.url !== "/api/slp-chat/threads/") return undefined;
      const first = sent("GET", "/api/slp-chat/threads/").length === 1;
      return first ? thread.then(() => ({ status: 200, json: [], delayMs: 200 })) : { status: 200, json: [anaThread(0)] };
    });
    render("/slp-chat?patient=7");
    await log();
    await screen.findByRole("link", { name: /Ana Reyes/ }, { timeout: 5_000 });
    expect(sent("GET", "/api/slp-chat/threads/").length).toBeGreaterThan(1);
  });

  it("axe finds nothing serious with a thread open (contrast is left to the browser scans)", async () => {
    serve();
    render();
    await log();
    await screen.findByText("message 3");
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("axe finds nothing serious before a thread is chosen", async () => {
    serve();
    render("/slp-chat");
    await screen.findByRole("link", { name: /Ana Reyes/ }, { timeout: 5_000 });
    expect(screen.getByText("Choose a conversation to read it and to write.")).toBeTruthy();
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  describe("one's own messages and attachments", () => {
    // Message 1 is the reader's ("Hello Ana"); 2 and 3 are Ana's, 2 with a PDF.
    const hello = chatMessage(1, ME, "Hello Ana");
    const mine = `your message of ${formatDateTime(hello.sent_at)}`;
    const withFile: ChatMessage = { ...chatMessage(2), attachment: { id: ChatAttachmentId.make(5), kind: "application/pdf", name: "exercises.pdf", size: 12_288 } };
    const MESSAGE_1 = "/api/slp-chat/threads/3/messages/1/";
    const history = (request: RecordedRequest): ScriptedAnswer | undefined =>
      request.method === "GET" && request.url === "/api/slp-chat/threads/3/messages/"
        ? { status: 200, json: { messages: [hello, withFile, chatMessage(3)], has_earlier: false, cursors: [] } }
        : undefined;
    /** Presses a button from the keyboard, as React Aria hears Enter. */
    const pressByKeyboard = (button: HTMLElement) => {
      button.focus();
      fireEvent.keyDown(button, { key: "Enter" });
      fireEvent.keyUp(button, { key: "Enter" });
    };
    afterEach(() => vi.restoreAllMocks());
    const serious = async () => {
      const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
      return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
    };

    it("edits one's own message in place by keyboard: a failure keeps the draft, Enter saves, Escape cancels, the focus returns to Edit", async () => {
      let patches = 0;
      serve((request) => {
        if (request.method !== "PATCH" || request.url !== MESSAGE_1) return history(request);
        patches += 1;
        return patches === 1
          ? { status: 500, json: errorBody("ERROR_001", "An error occurred") }
          : { status: 200, json: { ...hello, body: (request.body as { body: string }).body, edited_at: "2026-03-02T10:09:00.000Z" } };
      });
      render();
      const messages = await log();
      // Only the reader's own message offers the changes.
      expect(await within(messages).findAllByRole("button", { name: /^Edit / })).toHaveLength(1);
      pressByKeyboard(await within(messages).findByRole("button", { name: `Edit ${mine}` }));
      const box = await within(messages).findByRole("textbox", { name: `Edit ${mine}` });
      expect((box as HTMLTextAreaElement).value).toBe("Hello Ana");
      expect(document.activeElement).toBe(box);
      expect(await serious()).toEqual([]);
      fireEvent.change(box, { target: { value: "Hello Ana, see you Monday" } });
      fireEvent.keyDown(box, { key: "Enter" });
      expect(await screen.findByText("An error occurred")).toBeTruthy();
      expect((within(messages).getByRole("textbox", { name: `Edit ${mine}` }) as HTMLTextAreaElement).value).toBe("Hello Ana, see you Monday");
      fireEvent.keyDown(within(messages).getByRole("textbox", { name: `Edit ${mine}` }), { key: "Enter" });
      // The saved text, not the box's (jsdom shows a text area's value as its text).
      expect(await within(messages).findByText("Hello Ana, see you Monday", { selector: "p" })).toBeTruthy();
      expect(sent("PATCH", MESSAGE_1).map((request) => request.body)).toEqual([{ body: "Hello Ana, see you Monday" }, { body: "Hello Ana, see you Monday" }]);
      expect(within(messages).getByText("(edited)")).toBeTruthy();
      const edit = within(messages).getByRole("button", { name: `Edit ${mine}` });
      await waitFor(() => expect(document.activeElement).toBe(edit));
      expect(screen.queryByText("An error occurred")).toBeNull();

      pressByKeyboard(edit);
      const again = await within(messages).findByRole("textbox", { name: `Edit ${mine}` });
      fireEvent.change(again, { target: { value: "Never sent" } });
      fireEvent.keyDown(again, { key: "Escape" });
      await waitFor(() => expect(document.activeElement).toBe(within(messages).getByRole("button", { name: `Edit ${mine}` })));
      expect(within(messages).queryByText("Never sent")).toBeNull();
      expect(within(messages).getByText("Hello Ana, see you Monday", { selector: "p" })).toBeTruthy();
      expect(sent("PATCH", MESSAGE_1)).toHaveLength(2);
    });

    it("withdraws one's own message only after the confirmation, leaving the marker in its place", async () => {
      serve((request) =>
        request.method === "DELETE" && request.url === MESSAGE_1 ? { status: 200, json: { ...hello, body: "", withdrawn_at: "2026-03-02T10:09:00.000Z" } } : history(request),
      );
      render();
      const messages = await log();
      fireEvent.click(await within(messages).findByRole("button", { name: `Withdraw ${mine}` }));
      const dialog = await screen.findByRole("alertdialog", { name: `Withdraw ${mine}?` });
      // The safe answer has the focus: a stray Enter withdraws nothing.
      await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" })));
      expect(await serious()).toEqual([]);
      fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
      expect(sent("DELETE", MESSAGE_1)).toHaveLength(0);

      fireEvent.click(within(messages).getByRole("button", { name: `Withdraw ${mine}` }));
      fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Withdraw message" }));
      expect(await within(messages).findByText("This message was withdrawn.")).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
      expect(sent("DELETE", MESSAGE_1)).toHaveLength(1);
      expect(within(messages).queryByText("Hello Ana")).toBeNull();
      expect(within(messages).queryByRole("button", { name: /^(Edit|Withdraw) / })).toBeNull();
      // The Withdraw button is gone: the focus goes to the message, which now says so.
      await waitFor(() => expect(document.activeElement?.id).toBe("chat-message-1"));
    });

    it("downloads an attachment with the session's header (no token in the address) and says why one could not be", async () => {
      let downloads = 0;
      serve((request) => {
        if (request.url !== "/api/slp-chat/attachments/5/") return history(request);
        downloads += 1;
        return downloads === 1 ? { status: 404, json: errorBody("ERROR_030", "The requested attachment was not found") } : { status: 200, text: "%PDF-1.7 test", contentType: "application/pdf" };
      });
      render();
      const messages = await log();
      expect(await within(messages).findByText("Attachment: exercises.pdf (12 KB)")).toBeTruthy();
      const download = within(messages).getByRole("button", { name: "Download exercises.pdf (12 KB)" });
      fireEvent.click(download);
      expect(await screen.findByText("The requested attachment was not found")).toBeTruthy();

      // jsdom has no object URLs; the fetched file (Node's Blob, not jsdom's) is what the link would save.
      const saved: Array<Blob | MediaSource> = [];
      URL.createObjectURL = (file: Blob | MediaSource) => {
        saved.push(file);
        return "blob:chat-test";
      };
      URL.revokeObjectURL = () => undefined;
      const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
      fireEvent.click(download);
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(await (saved[0] as Blob).text()).toBe("%PDF-1.7 test");
      expect(click.mock.contexts[0]).toMatchObject({ download: "exercises.pdf" });
      await waitFor(() => expect(screen.queryByText("The requested attachment was not found")).toBeNull());
      const [first] = sent("GET", "/api/slp-chat/attachments/5/");
      expect(first?.headers.authorization).toMatch(/^Bearer /);
    });

    it("shows the work timer of the patient in a patient's thread, as on the record, and none among colleagues", async () => {
      const colleagues: ChatThread = { ...anaThread(0), id: 4 as typeof THREAD, kind: "colleagues", patient: null, members: [ME, { kind: "staff", id: 13, name: "Dana Reyes" }] };
      serve((request) => {
        if (request.method === "GET" && request.url === "/api/users/12/") return { status: 200, json: userWireFor("staff") };
        if (request.method === "GET" && request.url === "/api/slp-chat/threads/") return { status: 200, json: [anaThread(0), colleagues] };
        if (request.method === "GET" && request.url === "/api/slp-chat/threads/4/messages/") return { status: 200, json: { messages: [], has_earlier: false, cursors: [] } };
        return undefined;
      });
      render();
      await log();
      expect(await screen.findByRole("region", { name: "Work timer" }, { timeout: 5_000 })).toBeTruthy();
      expect(screen.getByText("Timing your work on Ana Reyes: 0 min")).toBeTruthy();
      // The chat's minutes are messaging, not the record's review.
      expect(screen.getByText(/^Counts whole minutes as messaging time;/)).toBeTruthy();
      fireEvent.click(screen.getByRole("link", { name: /Dana Reyes/ }));
      expect(await screen.findByText("No messages yet.")).toBeTruthy();
      expect(screen.queryByRole("region", { name: "Work timer" })).toBeNull();
    });
  });
});

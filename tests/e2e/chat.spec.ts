import type { Browser, Page } from "@playwright/test";
import { downloadAttachmentEndpoint, patientThreadEndpoint, uploadAttachmentEndpoint } from "../../domain/chat/chat-endpoints.ts";
import { catalogueMessage } from "../../domain/shared/error-catalogue.ts";
import { fillPath } from "../../domain/shared/wire/endpoint.ts";
import { expect, test } from "./support/fixtures.ts";
import { captureApiHeaders } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { chatEntry, chatStreamOpened, newChatPatient, playPatient, threadParts, unreadSigns, unreadTotal } from "./support/chat.ts";
import { expectFocusNeverOnBody, installFocusWatch, startWatchingFocus } from "./support/focus.ts";
import { activate, tabTo } from "./support/keyboard.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { pageHeading } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";

// Issue 34, "SLP chat" (docs/chat.md, docs/chat-api.md): the demo SLP and a patient played by
// `npm run chat-patient` exchange messages live, the SLP answering by keyboard alone; a second
// tab's unread badge and title count follow the first tab's reading; an attachment is sent and
// two are refused; the record's "Message" opens the patient's thread. axe runs on the page's
// states (no thread open, a thread with messages, a refusal in the composer). Each flow makes its
// own patient (support/chat.ts, newChatPatient) and writes text no other flow writes, so the flows
// are independent of each other and of the order they run in. Each takes under a minute on an
// idle machine; the limit leaves room for a loaded 2-core one (two sign-ins, axe scans).
const FLOW_MS = 240_000;

/** Text no earlier run or flow wrote. */
const unique = (what: string): string => `${what} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** The main area's link to the patient's thread (named "<name> , patient", the unread count, the last message; see chatEntry for the space). */
const threadLink = (page: Page, name: string) => page.getByRole("main").getByRole("list").getByRole("link", { name: new RegExp(`^${name} ?, patient`) });

// A minimal PDF (header, one empty page, trailer), real enough that its bytes start with %PDF-.
const PDF_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
// What an executable renamed to .pdf begins with: the server judges the bytes, not the name. (A PNG's
// bytes under a .pdf name are a PNG to the server, an allowed kind, and are accepted as such.)
const GARBAGE_BYTES = Buffer.from("MZ\x90\x00 not a PDF, not a picture", "latin1");

test("an SLP and a patient exchange messages live; the SLP reads and answers by keyboard alone", async ({ page, browser, baseURL, server }) => {
  test.setTimeout(FLOW_MS);
  const patient = await newChatPatient(browser, baseURL);
  const app = playPatient(server.url, patient.token);
  const first = unique("Is it fine to practise twice a day?");
  await app.say(first);

  const problems = collectPageProblems(page);
  const streamOpen = chatStreamOpened(page);
  await openSignedIn(page, ACCOUNTS.slp);
  await streamOpen;

  // The sidebar's entry by keyboard: the page's heading takes the focus; no thread is open yet.
  await activate(page, chatEntry(page), { max: 40 });
  await expect(pageHeading(page)).toHaveText("SLP Chat");
  await expect(pageHeading(page)).toBeFocused();
  await expect(page.getByRole("main").getByText("Choose a conversation to read it and to write.")).toBeVisible();
  await expect(threadLink(page, patient.name)).toContainText(first);
  await expectNoSeriousA11yViolations(page);

  // The patient's thread by keyboard: its first message is there.
  await activate(page, threadLink(page, patient.name), { max: 40 });
  await expect(page).toHaveURL(/\/slp-chat\?thread=\d+$/);
  const thread = threadParts(page, patient.name);
  await expect(thread.log).toContainText(first);
  await expect(thread.log).toContainText(patient.name);

  // The patient writes again: the message appears in the open thread, and the page was not loaded again.
  await page.evaluate(() => Object.assign(window, { chatE2eSamePage: true }));
  const second = unique("I did the naming game this morning.");
  await app.say(second);
  await expect(thread.log).toContainText(second);
  expect(await page.evaluate(() => Reflect.get(window, "chatE2eSamePage")), "the message came without a reload").toBe(true);
  await expectNoSeriousA11yViolations(page);

  // The answer, by keyboard alone: Tab to the composer, Shift+Enter makes a new line and sends nothing, Enter sends.
  const listening = await app.listen();
  const answerLines = [unique("Twice is fine."), "Keep each session short."];
  const answer = answerLines.join("\n");
  await tabTo(page, thread.composer, { max: 40 });
  await page.keyboard.type(answerLines[0] ?? "");
  await page.keyboard.press("Shift+Enter");
  await expect(thread.composer).toHaveValue(`${answerLines[0]}\n`);
  await page.keyboard.type(answerLines[1] ?? "");
  await expect(thread.composer).toHaveValue(answer);
  await expect(thread.log).not.toContainText(answerLines[0] ?? "");
  await page.keyboard.press("Enter");
  await expect(thread.composer).toHaveValue("");
  await expect(thread.composer).toBeFocused();
  const own = thread.log.locator("div[id^='chat-message-']").filter({ hasText: answerLines[0] ?? "" });
  await expect(own).toContainText("You");
  await expect(own).toContainText("Sent");

  // The patient's script hears it on its stream, and the app's call holds the two lines as written.
  await expect.poll(() => listening.lines.some((line) => line.endsWith(`${ACCOUNTS.slp.name}: ${answer}`)), { timeout: 20_000, message: "chat-patient listen printed the answer" }).toBe(true);
  expect(await listening.stop()).toBe(0);
  const fromSlp = (await app.messages()).filter((message) => message.author.kind === "staff");
  expect(fromSlp, "one message from the SLP: Shift+Enter sent nothing").toHaveLength(1);
  expect(fromSlp[0]).toMatchObject({ body: answer, author: { name: ACCOUNTS.slp.name } });

  // The patient reads it: the SLP's mark turns to "Seen by"; a reply arrives while the SLP is in the composer, which keeps the focus.
  await app.read();
  await expect(own).toContainText(`Seen by ${patient.name} at`);
  const third = unique("Thank you!");
  await app.say(third);
  await expect(thread.log).toContainText(third);
  await expect(thread.composer).toBeFocused();
  expect(problems).toEqual([]);
});

test("a new patient message shows in a second tab's sidebar badge and title, which clear there once the first tab reads the thread", async ({ page, browser, baseURL, server }) => {
  test.setTimeout(FLOW_MS);
  const patient = await newChatPatient(browser, baseURL);
  const app = playPatient(server.url, patient.token);

  // Two tabs of one browser, each signed in (sessions are per tab); the first holds the browser's one stream.
  const headers = captureApiHeaders(page);
  const streamOpen = chatStreamOpened(page);
  await openSignedIn(page, ACCOUNTS.slp);
  await streamOpen;
  const second = await page.context().newPage();
  await openSignedIn(second, ACCOUNTS.slp);
  const before = await unreadTotal(page, await headers());
  for (const tab of [page, second]) {
    await expect(chatEntry(tab)).toHaveAccessibleName(unreadSigns(before).entry);
    await expect(tab).toHaveTitle(unreadSigns(before).title);
  }

  const text = unique("Quick question about tomorrow");
  await app.say(text);
  for (const tab of [page, second]) {
    await expect(chatEntry(tab)).toHaveAccessibleName(unreadSigns(before + 1).entry);
    await expect(tab).toHaveTitle(unreadSigns(before + 1).title);
  }

  // The first tab opens and reads the thread; the second tab's badge and count clear without a reload.
  await page.bringToFront();
  await activate(page, chatEntry(page), { max: 40 });
  await expect(pageHeading(page)).toHaveText("SLP Chat");
  await activate(page, threadLink(page, patient.name), { max: 40 });
  await expect(threadParts(page, patient.name).log).toContainText(text);
  const opened = Date.now();
  await expect(chatEntry(second)).toHaveAccessibleName(unreadSigns(before).entry);
  await expect(second).toHaveTitle(unreadSigns(before).title);
  test.info().annotations.push({ type: "second tab cleared after", description: `${Date.now() - opened} ms` });
  await expect(chatEntry(page)).toHaveAccessibleName(unreadSigns(before).entry);
  expect(await unreadTotal(page, await headers()), "the server counts the thread read").toBe(before);
});

test("an attachment is sent: a PDF uploads and its message names it; a text file and other bytes named .pdf are refused and nothing is sent", async ({ page, browser, baseURL, server }) => {
  test.setTimeout(FLOW_MS);
  const patient = await newChatPatient(browser, baseURL);
  const app = playPatient(server.url, patient.token);
  const problems = collectPageProblems(page, [{ method: "POST", url: new RegExp(`${uploadAttachmentEndpoint.path}\\?name=`), status: 400 }]);
  const headers = captureApiHeaders(page);
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === uploadAttachmentEndpoint.path) uploads.push(request.url());
  });

  await openSignedIn(page, ACCOUNTS.slp);
  await page.goto(`/slp-chat?patient=${patient.id}`);
  await expect(page).toHaveURL(/\/slp-chat\?thread=\d+$/);
  const thread = threadParts(page, patient.name);
  await expect(thread.log).toContainText("No messages yet.");
  const refusal = thread.region.getByRole("alert").filter({ hasText: /\S/ });

  // A text file: refused in the page by its kind, before any byte is sent.
  const notes = `${unique("notes").replace(" ", "-")}.txt`;
  await thread.fileInput.setInputFiles({ name: notes, mimeType: "text/plain", buffer: Buffer.from("plain words") });
  await expect(refusal).toHaveText(`${catalogueMessage("ERROR_044")}: send a PDF, PNG or JPEG file.`);
  expect(uploads, "no upload for a refused kind").toEqual([]);
  await expect(thread.region.getByText(/^Attached: /)).toHaveCount(0);
  await expect(thread.send).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Other bytes named .pdf: the server reads the bytes and refuses them (ERROR_044); nothing is attached.
  const disguised = `${unique("scan").replace(" ", "-")}.pdf`;
  await thread.fileInput.setInputFiles({ name: disguised, mimeType: "application/pdf", buffer: GARBAGE_BYTES });
  await expect.poll(() => uploads.length, { message: "the disguised file was uploaded for the server to judge" }).toBe(1);
  await expect(refusal).toContainText(catalogueMessage("ERROR_044"));
  await expect(refusal).not.toContainText("send a PDF, PNG or JPEG file");
  await expect(thread.region.getByText(/^Attached: /)).toHaveCount(0);
  await expect(thread.send).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  expect(await app.messages(), "nothing was sent").toEqual([]);

  // A real PDF: uploaded, attached, sent with a line of text; the message names it and the file holds the PDF's bytes.
  const plan = `${unique("exercise-plan").replace(" ", "-")}.pdf`;
  await thread.fileInput.setInputFiles({ name: plan, mimeType: "application/pdf", buffer: PDF_BYTES });
  await expect(thread.region.getByText(`Attached: ${plan}`)).toBeVisible();
  await expect(refusal).toHaveCount(0);
  expect(uploads).toHaveLength(2);
  const note = unique("Here is this week's plan.");
  await thread.composer.fill(note);
  await expect(thread.send).toBeEnabled();
  await thread.send.click();
  const sent = thread.log.locator("div[id^='chat-message-']").filter({ hasText: note });
  await expect(sent).toContainText(`Attachment: ${plan} (1 KB)`);
  await expect(sent).toContainText("Sent");
  await expect(thread.region.getByText(/^Attached: /)).toHaveCount(0);

  const messages = await app.messages();
  expect(messages, "one message, the one with the PDF").toHaveLength(1);
  expect(messages[0]).toMatchObject({ body: note, attachment: { name: plan } });
  const attachmentId = messages[0]?.attachment?.id;
  const file = await page.request.get(fillPath(downloadAttachmentEndpoint.path, { attachment_id: attachmentId }), { headers: await headers() });
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(problems).toEqual([]);
});

/**
 * The record's "Message" by keyboard: /slp-chat?patient=<id> asks for the thread (made on first
 * use) and the address becomes ?thread=<its id>; the page's h1 has the focus, and the focus is
 * never on <body> on the way. `chatCodeLoaded`: the SLP opened the chat earlier in this tab, so
 * the page's chunk is in memory; otherwise it downloads when Message is pressed.
 */
async function messageFromRecord(page: Page, browser: Browser, baseURL: string | undefined, chatCodeLoaded: boolean): Promise<void> {
  const patient = await newChatPatient(browser, baseURL);
  const problems = collectPageProblems(page);
  await installFocusWatch(page);
  await openSignedIn(page, ACCOUNTS.slp);
  await page.goto(`/patient/${patient.id}`);
  await expect(pageHeading(page)).toHaveText(patient.name);
  if (chatCodeLoaded) {
    // To the chat by the sidebar and Back to the record, both inside the page (no reload).
    await activate(page, chatEntry(page), { max: 80 });
    await expect(pageHeading(page)).toHaveText("SLP Chat");
    await expect(page.getByRole("main").getByText("Choose a conversation to read it and to write.")).toBeVisible();
    await page.goBack();
    await expect(pageHeading(page)).toHaveText(patient.name);
  }

  const threadAnswer = page.waitForResponse((response) => response.request().method() === "PUT" && new URL(response.url()).pathname === fillPath(patientThreadEndpoint.path, { id: patient.id }));
  await tabTo(page, page.getByRole("main").getByRole("link", { name: "Message", exact: true }), { max: 80 });
  await startWatchingFocus(page);
  await page.keyboard.press("Enter");
  const response = await threadAnswer;
  expect(response.ok(), `PUT the patient's thread answered ${response.status()}`).toBe(true);
  const threadId = ((await response.json()) as { id: number }).id;
  await expect(page).toHaveURL((url) => url.pathname === "/slp-chat" && url.search === `?thread=${threadId}`);
  await expect(pageHeading(page)).toHaveText("SLP Chat");
  await expect(pageHeading(page)).toBeFocused();
  const thread = threadParts(page, patient.name);
  await expect(thread.region.getByRole("heading", { level: 2, name: patient.name })).toBeVisible();
  await expect(thread.log).toContainText("No messages yet.");
  await expect(thread.composer).toBeVisible();
  await expect(threadLink(page, patient.name)).toHaveAttribute("aria-current", "page");
  await expect(pageHeading(page)).toBeFocused();
  await expectFocusNeverOnBody(page);
  expect(problems).toEqual([]);
}

test("the record's Message opens the patient's thread, and the focus goes to the page's heading, never to the page itself", async ({ page, browser, baseURL }) => {
  test.setTimeout(FLOW_MS);
  await messageFromRecord(page, browser, baseURL, true);
});

test("the record's Message, before the chat's code was ever loaded in the tab, keeps the focus off the page itself too", async ({ page, browser, baseURL }) => {
  // The record and the chat page render their lazy page at the same place under a <Suspense> of
  // the same type, so React reuses the boundary: while the chat's chunk downloads it hides the
  // record (display: none) with the focused Message link in it and shows the fallback's h1. The
  // hidden link's focus must go to that h1, not fall to <body> (ui/shell/route-focus.tsx, isHidden).
  test.setTimeout(FLOW_MS);
  await messageFromRecord(page, browser, baseURL, false);
});

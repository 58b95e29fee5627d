import type { OutboxRecord } from "../outbox/outbox-store.ts";

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const row = (message: OutboxRecord): string => `
        <tr>
          <td><time datetime="${message.createdAt.toISOString()}">${escapeHtml(message.createdAt.toISOString().replace("T", " ").slice(0, 19))} UTC</time></td>
          <td>${message.channel === "email" ? "E-mail" : "SMS"}</td>
          <td>${escapeHtml(message.recipient)}</td>
          <td>${escapeHtml(message.subject)}</td>
          <td><pre>${escapeHtml(message.body)}</pre></td>
        </tr>`;

/**
 * The development outbox as a plain, accessible page: a language, a title, one main landmark,
 * a heading, a labelled filter and a captioned table with column headers. No inline script or
 * style, so it passes the portal's Content-Security-Policy unchanged.
 */
export const renderOutboxPage = (to: string, messages: readonly OutboxRecord[]): string => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Development outbox – Speech Therapy Care Portal</title>
  </head>
  <body>
    <main>
      <h1>Development outbox</h1>
      <p>E-mail and SMS the portal would have sent. Without SMTP_URL nothing leaves this machine; one-time codes appear here and in the server log.</p>
      <form method="get" action="/dev/outbox">
        <label for="to">Recipient (e-mail or phone)</label>
        <input id="to" name="to" type="text" value="${escapeHtml(to)}" autocomplete="off">
        <button type="submit">Show messages</button>
      </form>
      <table>
        <caption>${messages.length === 0 ? "No messages" : `${messages.length} newest message${messages.length === 1 ? "" : "s"}`}${to === "" ? "" : ` to ${escapeHtml(to)}`}</caption>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Channel</th>
            <th scope="col">To</th>
            <th scope="col">Subject</th>
            <th scope="col">Message</th>
          </tr>
        </thead>
        <tbody>${messages.map(row).join("")}
        </tbody>
      </table>
    </main>
  </body>
</html>
`;

import type { OpenApiDocument } from "./openapi-document.ts";

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

type Operation = { summary?: string; description?: string; parameters?: Array<{ name: string; in: string; required: boolean }>; requestBody?: unknown; responses?: Record<string, { description?: string }> };

const operationRow = (path: string, method: string, operation: Operation): string => {
  const parameters = (operation.parameters ?? []).map((p) => `${escapeHtml(p.name)} (${p.in}${p.required ? ", required" : ""})`).join(", ");
  const responses = Object.entries(operation.responses ?? {})
    .map(([status, response]) => `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(response.description ?? "")}</li>`)
    .join("");
  return `
        <tr>
          <th scope="row"><code>${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</code></th>
          <td>${escapeHtml(operation.summary ?? "")}<br>${escapeHtml(operation.description ?? "")}</td>
          <td>${parameters === "" ? "none" : parameters}${operation.requestBody === undefined ? "" : "; JSON body"}</td>
          <td><ul>${responses}</ul></td>
        </tr>`;
};

/**
 * The API reference as a plain, accessible page for development (/api/docs): every operation of
 * the OpenAPI document in one captioned table. Server-rendered with no script or inline style,
 * so it needs nothing from a CDN and passes the portal's Content-Security-Policy. Integrators
 * load /api/openapi.json (with the X-Api-Key header) into the tool of their choice for schemas.
 */
export const renderApiReferencePage = (document: OpenApiDocument): string => {
  const rows = Object.entries(document.paths)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => operationRow(path, method, operation as Operation)))
    .join("");
  const count = Object.values(document.paths).reduce((sum, operations) => sum + Object.keys(operations).length, 0);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>API reference – Speech Therapy Care Portal</title>
  </head>
  <body>
    <main>
      <h1>API reference</h1>
      <p>${escapeHtml(document.info.description)} The machine-readable document: <code>GET /api/openapi.json</code> with the <code>X-Api-Key</code> header (OpenAPI ${escapeHtml(document.openapi)}).</p>
      <table>
        <caption>${count} operations, version ${escapeHtml(document.info.version)}</caption>
        <thead>
          <tr>
            <th scope="col">Operation</th>
            <th scope="col">What it does and who may call it</th>
            <th scope="col">Parameters</th>
            <th scope="col">Answers</th>
          </tr>
        </thead>
        <tbody>${rows}
        </tbody>
      </table>
    </main>
  </body>
</html>
`;
};

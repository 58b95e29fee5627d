import { userRecordEndpoint } from "../../domain/account/account-endpoints.ts";
import { refreshEndpoint } from "../../domain/auth/auth-endpoints.ts";
import { bootReadPlan } from "../../domain/boot-reads.ts";
import { ROUTE_PRELOAD_ELEMENT_ID, SESSION_BOOT_GLOBAL, SESSION_BOOT_PATH, SESSION_STORAGE_KEY } from "../../domain/shared/session/session-boot.ts";
import { CLIENT_CONFIG_ELEMENT_ID } from "../../domain/shared/wire/client-config.ts";

/**
 * The session's early start (issue 35; docs/session.md, "Reload"): a reloaded tab used to send its
 * token refresh only once the app's entry had downloaded and run (1.9 s on a slow phone), and ask
 * for the user only after the signed-in area's code. This script, a few hundred bytes with no
 * imports, is named in the page's head with `defer`, so it runs right after the document is parsed
 * and before the app's module (deferred and module scripts run in document order). It sends the
 * refresh with the stored refresh token; the answer carries the user record (from a server keeping
 * to the spec's answer, it asks for it), and with the new access token it starts the route's main
 * reads (domain/boot-reads.ts), so they no longer wait for the app's code to arrive and run. It
 * leaves the promises in `window[SESSION_BOOT_GLOBAL]`. The app takes them once
 * (adapters/shared/session/session-boot.ts) and decodes and judges the answers like its own calls.
 *
 * It never writes storage and never retries: a refresh token is used once (the answer rotates it),
 * so only the app, which stores the answer, decides what happens next. Where the app started
 * first (the property exists), the script does nothing.
 */
const script = `(function () {
  "use strict";
  var name = ${JSON.stringify(SESSION_BOOT_GLOBAL)};
  if (window[name] !== undefined) return;
  window[name] = null;
  try {
    var stored = JSON.parse(window.sessionStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)}) || "null");
    var block = document.getElementById(${JSON.stringify(CLIENT_CONFIG_ELEMENT_ID)});
    var config = JSON.parse((block && block.textContent) || "null");
    if (!stored || typeof stored.refresh_token !== "string" || typeof stored.user_id !== "number" || !config || typeof config.apiKey !== "string") return;
    var answer = function (response) {
      return response.text().then(function (text) { return { status: response.status, text: text }; });
    };
    var tokens = fetch(${JSON.stringify(refreshEndpoint.path)}, {
      method: "POST",
      headers: { "X-Api-Key": config.apiKey, Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ refresh: stored.refresh_token }),
      cache: "no-store"
    }).then(answer);
    var get = function (url, access) {
      return fetch(url, {
        headers: { "X-Api-Key": config.apiKey, Accept: "application/json", Authorization: "Bearer " + access },
        cache: "no-store"
      }).then(answer);
    };
    var session = tokens.then(function (refreshed) {
      if (refreshed.status !== 200) return null;
      var body = JSON.parse(refreshed.text);
      return body && typeof body.access === "string" ? body : null;
    });
    var user = session.then(function (body) {
      if (body === null) return null;
      // This server's refresh answer carries the record (issue 35); a server keeping to the spec's does not.
      if (body.user && body.user.id === stored.user_id) return { status: 200, text: JSON.stringify(body.user) };
      return get(${JSON.stringify(userRecordEndpoint.path)}.replace(":id", String(stored.user_id)), body.access);
    });
    // The route's main reads (domain/boot-reads.ts), with the same token, as the app would ask them.
    var reads = {};
    var plan = ${JSON.stringify(bootReadPlan())};
    var path = window.location.pathname;
    for (var p = 0; p < plan.length; p += 1) {
      var pattern = new RegExp(plan[p][0]);
      if (!pattern.test(path)) continue;
      if (plan[p][1] === 1 && window.location.search !== "") break;
      var start = function (template) {
        var url = path.replace(pattern, template);
        reads[url] = session.then(function (body) {
          return body === null ? null : get(url, body.access);
        });
        reads[url].catch(function () {});
      };
      plan[p][2].forEach(start);
      // Reads a query string would change go at the bare address only.
      if (window.location.search === "") plan[p][4].forEach(start);
      // A page that differs by role (the dashboard): its reads go once the user record names the
      // role (the refresh answer carries it), and those of the other roles come to nothing.
      // Only a route with such reads reads the record here (the app decodes it anyway).
      var role = plan[p][3].length === 0 ? null : user.then(function (answer) {
        var record = answer !== null && answer.status === 200 ? JSON.parse(answer.text) : null;
        return record && record.role && typeof record.role.code_name === "string" ? record.role.code_name.toLowerCase() : null;
      });
      if (role !== null) role.catch(function () {});
      plan[p][3].forEach(function (byRole) {
        byRole[1].forEach(function (template) {
          var url = path.replace(pattern, template);
          reads[url] = Promise.all([session, role]).then(function (both) {
            return both[0] === null || byRole[0].indexOf(both[1]) < 0 ? null : get(url, both[0].access);
          });
          reads[url].catch(function () {});
        });
      });
      break;
    }
    // Unhandled rejections stay quiet: the app reads these promises and handles their failure.
    tokens.catch(function () {});
    user.catch(function () {});
    window[name] = { refreshToken: stored.refresh_token, userId: stored.user_id, tokens: tokens, user: user, reads: reads };
  } catch (error) {
    window[name] = null;
    return;
  }
  // Issue 35: the signed-in area's and the arrival page's files, all asked for now, beside the
  // entry's, instead of in waves as each part runs (the build lists them, scripts/route-preload.mjs).
  try {
    var list = document.getElementById(${JSON.stringify(ROUTE_PRELOAD_ELEMENT_ID)});
    var preload = JSON.parse((list && list.textContent) || "null");
    if (!preload || !Array.isArray(preload.files) || !Array.isArray(preload.routes)) return;
    for (var r = 0; r < preload.routes.length; r += 1) {
      if (!new RegExp(preload.routes[r][0]).test(path)) continue;
      // With a query string, the route's arrival reads' module too: the reads above were the bare
      // address's, and the app's module asks what the query changes (ui/app/prefetched-routes.ts).
      var withQuery = window.location.search !== "" && Array.isArray(preload.routes[r][2]) ? preload.routes[r][2] : [];
      var wanted = preload.routes[r][1].concat(withQuery);
      for (var f = 0; f < wanted.length; f += 1) {
        var file = preload.files[wanted[f]];
        if (typeof file !== "string") continue;
        var link = document.createElement("link");
        // As the build's own loader asks (crossorigin, a style sheet applied), so it finds these.
        link.rel = file.slice(-4) === ".css" ? "stylesheet" : "modulepreload";
        // The code at low priority: the reads asked a moment later, with the token, then go out
        // first on HTTP/1.1's six connections instead of queueing behind some 35 files (measured:
        // a session's reads answered at 1.4 s instead of 2.5 s; the code's own end did not move).
        if (link.rel === "modulepreload") link.fetchPriority = "low";
        link.crossOrigin = "";
        link.href = "/" + file;
        document.head.appendChild(link);
      }
      return;
    }
  } catch (error) {
    // A page without the block (npm run dev) loads its code as it runs.
  }
})();
`;

/** The boot script's text (the same for every deployment: the API key is read from the page). */
export const sessionBootScript = (): string => script;

/** The element that names the script in the page's head, right after the configuration block it reads. */
export const sessionBootTag = `<script defer src="${SESSION_BOOT_PATH}"></script>`;

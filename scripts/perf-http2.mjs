#!/usr/bin/env node
// `node scripts/perf-http2.mjs [--runs N] [--port P]` (after `npm run build`; needs nginx on the
// machine, `apt-get install nginx`): the cold headings of `npm run perf` part (c), once straight
// from the portal's server (HTTP/1.1: six connections a host) and once through nginx speaking
// HTTP/2 over TLS in front of it, as docs/server.md ("HTTP/2 in front of it") advises for
// production. Same server, same data, same slow phone; only the hop in front differs. The
// certificate is made for the run (openssl) and the browser told to accept it. Not part of
// `npm test`: it needs nginx and takes a few minutes.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { coldRouteHeadings } from "./perf-routes.mjs";
import { startServer } from "./perf-server.mjs";

const argValue = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const runs = Number(argValue("--runs", "3"));
const port = Number(argValue("--port", "3141"));
const proxyPort = port + 1000;

/** nginx in the foreground, HTTP/2 over TLS on proxyPort, to the server on port; its files in a temporary folder. */
function startProxy(folder) {
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", join(folder, "key.pem"), "-out", join(folder, "cert.pem"), "-days", "1", "-subj", "/CN=127.0.0.1"], { stdio: "ignore" });
  const config = `
pid ${join(folder, "nginx.pid")};
error_log ${join(folder, "error.log")};
daemon off;
events {}
http {
  access_log off;
  client_body_temp_path ${folder}; proxy_temp_path ${folder}; fastcgi_temp_path ${folder}; uwsgi_temp_path ${folder}; scgi_temp_path ${folder};
  server {
    listen 127.0.0.1:${proxyPort} ssl http2;
    ssl_certificate ${join(folder, "cert.pem")};
    ssl_certificate_key ${join(folder, "key.pem")};
    client_max_body_size 12m;
    location / {
      proxy_pass http://127.0.0.1:${port};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # The event streams must not wait in the proxy's buffer.
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}`;
  writeFileSync(join(folder, "nginx.conf"), config);
  const child = spawn("nginx", ["-c", join(folder, "nginx.conf")], { stdio: "inherit" });
  return { stop: () => child.kill("SIGTERM") };
}

const main = async () => {
  const folder = mkdtempSync(join(tmpdir(), "portal-h2-"));
  const server = await startServer(port);
  const proxy = startProxy(folder);
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const direct = await coldRouteHeadings(server.base, runs, false);
    const viaHttp2 = await coldRouteHeadings(`https://127.0.0.1:${proxyPort}`, runs, false);
    const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`| route (median of ${runs}) | HTTP/1.1, straight | HTTP/2 through nginx |`);
    console.log("|---|---:|---:|");
    for (const name of Object.keys(direct)) console.log(`| ${name} | ${s(direct[name].headingMs)} | ${s(viaHttp2[name]?.headingMs ?? Number.NaN)} |`);
  } finally {
    proxy.stop();
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

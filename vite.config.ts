import optimizeLocales from "@react-aria/optimize-locales-plugin";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { type Plugin, defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { fileURLToPath } from "node:url";
import { DEFAULT_API_KEY } from "./server/config.ts";
import { ROUTES } from "./domain/routes.ts";
import { ROUTE_PRELOAD_ELEMENT_ID, SESSION_BOOT_PATH } from "./domain/shared/session/session-boot.ts";
import { withClientConfig } from "./server/http/client-config-block.ts";
import { sessionBootScript } from "./server/http/session-boot-script.ts";
import { routePreload } from "./scripts/route-preload.mjs";
import { signedInChunk } from "./scripts/signed-in-chunk.mjs";

const apiServer = "http://127.0.0.1:3000";

/**
 * In `npm run dev` Vite serves index.html itself, so it writes the configuration block the
 * portal's server writes in production (server/http/client-config-block.ts), with the same API key
 * the development API was started with. The build has no block: the server adds it at run time.
 */
const devClientConfig = (): Plugin => ({
  name: "portal-dev-client-config",
  apply: "serve",
  transformIndexHtml: (html) => withClientConfig(html, { apiKey: process.env.API_KEY?.trim() || DEFAULT_API_KEY }),
  // The block names the session's boot script, which the production server serves itself.
  configureServer: (server) => {
    server.middlewares.use(SESSION_BOOT_PATH, (_request, response) => {
      response.setHeader("content-type", "text/javascript; charset=utf-8");
      response.setHeader("cache-control", "no-cache");
      response.end(sessionBootScript());
    });
  },
});

// The signed-in area's own modules, one chunk (scripts/signed-in-chunk.mjs reads the module graph).
const signedIn = signedInChunk();

export default defineConfig({
  root: ".",
  plugins: [
    // The portal is English (US) only: drop React Aria's strings for its other 30-odd locales.
    optimizeLocales.vite({ locales: ["en-US"] }),
    vanillaExtractPlugin(),
    react(),
    devClientConfig(),
    signedIn.plugin,
    // Each signed-in route's files, for the boot script to ask for at once (scripts/route-preload.mjs).
    routePreload({
      root: fileURLToPath(new URL(".", import.meta.url)),
      routes: ROUTES.routes.map(({ id, path }) => ({ id, path })),
      elementId: ROUTE_PRELOAD_ELEMENT_ID,
    }),
    // Brotli and gzip copies of every text file over 1 KiB, written once at build time at the
    // highest levels; the server sends the one the browser accepts (server/http/client-assets.ts).
    // index.html is left out: the server writes its configuration into it and compresses it at start.
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(js|css|svg|json|txt|wasm)$/,
      exclude: [/(^|\/)index\.html$/, /\.vite\//],
      threshold: 1024,
      logLevel: "silent",
    }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Maps stay on disk for reading stack traces but browsers are not pointed at them, and the
    // server does not serve them in production (docs/server.md, "The client").
    sourcemap: "hidden",
    target: "es2022",
    // dist/.vite/manifest.json maps each route's modules to the files a browser loads for it;
    // scripts/bundle-report.mjs reads it to report and check the sign-in and dashboard sizes.
    manifest: true,
    // Issue 35: the entry's imports stay named in index.html, but a lazy chunk's are not appended
    // as <link rel=modulepreload> by the loader at each import(): one link per file, in the task of
    // the import, made tasks of 100-200 ms on a 4x slower CPU (a section below the heading: 20
    // links). The session's boot script asks for a cold signed-in page's files at once, and
    // ui/app/route-files.ts does on a move inside the app; other lazy chunks (sections after the
    // heading, dialogs, /auth pages) find their imports as they run. Style sheets still come first.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []) },
    rolldownOptions: {
      output: {
        // Chunks are named by their hash alone: every lazy import carries the names of the files it
        // needs in the entry's preload map, and the group names (react-aria~page~page~…) made that
        // map grow with each new page. The source maps still say which modules a chunk holds.
        chunkFileNames: "assets/[hash].js",
        // The libraries change far less often than the app, so each gets a chunk of its own that
        // browsers keep cached across portal releases (docs/session.md, "Bundle"). React Aria is
        // also split by the pages that use it (entriesAware): the tables, menus and dialogs of the
        // lazy signed-in pages must not travel with sign-in. Issue 35, fewer and larger files on
        // the critical path: the libraries the entry runs (`$initial`: React Aria's sign-in parts,
        // effect, xstate, jotai, wouter, ofetch) are one chunk, `entry-libs`, and the entry's own
        // modules stay in the entry instead of a dozen small shared chunks (sign-in: 18 files,
        // 164.9 kB, to 4 files, 159.4 kB; every signed-in route about 5 kB and 13 files less).
        // The app's modules are taken without their dependencies, which stay in the groups above.
        // Issue 35, second step: the modules only the signed-in side loads (the area, the arrival
        // reads, the pages) and the area's static closure holds are one chunk, `signed-in`, first
        // (priority 1), instead of one small chunk per set of pages that share them: every
        // signed-in route loads 6 files less (the dashboard 20 to 14, /patients 41 to 35).
        // Third step: the pages' shared modules, one chunk per set of routes that load them before
        // the heading (scripts/page-shared-chunks.mjs), instead of one per set of every lazy part
        // that uses them, later ones too: the session detail 37 to 32 files, /patients 35 to 32.
        codeSplitting: {
          groups: [
            { name: "signed-in", test: signedIn.test, priority: 1, includeDependenciesRecursively: false },
            { name: signedIn.pagesName, test: signedIn.pagesTest, priority: 1, includeDependenciesRecursively: false },
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "entry-libs", test: /[\\/]node_modules[\\/]/, tags: ["$initial"] },
            {
              name: "react-aria",
              test: /[\\/]node_modules[\\/](react-aria-components|react-aria|react-stately|@react-aria|@react-stately|@react-types|@internationalized|@swc)[\\/]/,
              entriesAware: true,
            },
            { name: "effect", test: /[\\/]node_modules[\\/]effect[\\/]/ },
            { name: "xstate", test: /[\\/]node_modules[\\/](xstate|@xstate)[\\/]/ },
            { name: "query", test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            { name: "app-entry", test: (id) => !/[\\/]node_modules[\\/]/.test(id), tags: ["$initial"], includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    host: "127.0.0.1",
    proxy: {
      "/api": { target: apiServer, changeOrigin: false },
      "/dev": { target: apiServer, changeOrigin: false },
    },
  },
  preview: {
    host: "127.0.0.1",
  },
});

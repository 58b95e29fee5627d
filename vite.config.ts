import optimizeLocales from "@react-aria/optimize-locales-plugin";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiServer = "http://127.0.0.1:3000";

export default defineConfig({
  root: ".",
  plugins: [
    // The portal is English (US) only: drop React Aria's strings for its other 30-odd locales.
    optimizeLocales.vite({ locales: ["en-US"] }),
    vanillaExtractPlugin(),
    react(),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Maps stay on disk for debugging stack traces but browsers are not pointed at them.
    sourcemap: "hidden",
    target: "es2022",
    // dist/.vite/manifest.json maps each route's modules to the files a browser loads for it;
    // scripts/bundle-report.mjs reads it to report and check the sign-in and dashboard sizes.
    manifest: true,
    rolldownOptions: {
      output: {
        // The libraries change far less often than the app, so each gets a chunk of its own that
        // browsers keep cached across portal releases (docs/session.md, "Bundle"). React Aria is
        // also split by the pages that use it (entriesAware): the tables, menus and dialogs of the
        // lazy signed-in pages must not travel with sign-in.
        codeSplitting: {
          groups: [
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: "react-aria",
              test: /[\\/]node_modules[\\/](react-aria-components|react-aria|react-stately|@react-aria|@react-stately|@react-types|@internationalized|@swc)[\\/]/,
              entriesAware: true,
            },
            { name: "effect", test: /[\\/]node_modules[\\/]effect[\\/]/ },
            { name: "xstate", test: /[\\/]node_modules[\\/](xstate|@xstate)[\\/]/ },
            { name: "query", test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
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

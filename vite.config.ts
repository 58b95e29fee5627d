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
    rolldownOptions: {
      output: {
        // React and React Aria change far less often than the app, so browsers keep them cached
        // across portal releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: "react-aria",
              test: /[\\/]node_modules[\\/](react-aria-components|react-aria|react-stately|@react-aria|@react-stately|@react-types|@internationalized|@swc)[\\/]/,
            },
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

/// <reference types="vite/client" />

// The build-time settings the client reads (Vite inlines them); anything else stays unknown.
interface ImportMetaEnv {
  /** The static API key sent as X-Api-Key; defaults to the server's development key. */
  readonly VITE_API_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

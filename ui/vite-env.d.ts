/// <reference types="vite/client" />

// The client reads no build-time settings: the server writes its configuration (the API key)
// into index.html at run time (adapters/shared/client-config.ts), so one build serves any deployment.

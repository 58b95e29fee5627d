// React Testing Library needs the act environment flag and a cleanup between tests; node-only
// suites pay nothing for these lines because the cleanup import is lazy.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

if (typeof document !== "undefined") {
  const { afterEach } = await import("vitest");
  const { cleanup } = await import("@testing-library/react");
  afterEach(() => cleanup());
}
export {};

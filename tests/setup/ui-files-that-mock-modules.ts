/**
 * UI test files whose tests replace a module with vi.mock. They run in vitest's "isolated"
 * project, a module graph per file: in the shared graph of the "ui" project the real module is
 * already loaded by an earlier file, and the mock never takes. Kept complete by
 * tests/architecture/ui-module-mocks.test.ts.
 */
export const UI_FILES_THAT_MOCK_MODULES = ["ui/features/account/settings-page.test.tsx", "ui/session/idle-sign-off.test.tsx", "ui/session/idle-sign-off-session.test.tsx"];

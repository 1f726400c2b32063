/**
 * The UI test files that replace a module of ours with `vi.mock` (a fixture entity among the screen
 * entities, a stub admin). The ui project shares a worker's modules between files, and a mock cannot
 * take back a module other files already hold, so these run in the ui-isolated project (vite.config.ts),
 * each with modules of its own. tests/unit/repo-ui-isolated-files.test.ts keeps the list whole.
 */
export const UI_MOCKING_OUR_MODULES: readonly string[] = [
  'tests/ui/engine-action-inputs.test.tsx',
  'tests/ui/engine-recycle-bin.test.tsx',
  'tests/ui/engine-secret-input.test.tsx',
  'tests/ui/shell-public-pages.test.tsx',
];

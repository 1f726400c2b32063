// Protects: every UI test file that vi.mocks a module of ours runs with modules of its own (the ui-isolated project); the rest share a worker's modules.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UI_MOCKING_OUR_MODULES } from '../ui/isolated-files';

const MOCKS_OUR_MODULE = /\bvi\.(do)?mock\(\s*['"](\.\.\/)+src\//;

// Read once while the file is collected (no test's time limit applies there).
const files = readdirSync('tests/ui').filter((name) => name.endsWith('.test.tsx')).map((name) => `tests/ui/${name}`);
const mocking = files.filter((file) => MOCKS_OUR_MODULE.test(readFileSync(file, 'utf8')));

describe('the ui-isolated project', () => {
  it('holds exactly the UI files that mock a module of ours', () => {
    expect(mocking.length).toBeGreaterThan(0);
    expect([...UI_MOCKING_OUR_MODULES].sort()).toEqual(mocking.sort());
  });
});

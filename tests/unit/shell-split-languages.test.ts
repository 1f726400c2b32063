// Protects: the build's language split (scripts/splitLanguages.ts) keeps one language per copy of a
// pair module (its texts, the constants and imports only it used) and refuses a pair module it
// cannot split whole.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageCopy, readPairModule } from '../../scripts/splitLanguages';

const dir = mkdtempSync(join(tmpdir(), 'split-languages-'));
const write = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

const FIXTURE = `import { defineStrings } from '../../engine/area';
import { CHINESE_ONLY } from './chineseTable';
import type { Key } from './types';

const englishNotes = Object.fromEntries([['a', 'English note']]);
const chineseNotes: Record<Key, string> = { ...CHINESE_ONLY, a: '中文备注' };
const en = { title: 'Widgets', notes: englishNotes };

export type Strings = typeof en;
export const strings = defineStrings(en, { title: '小部件', notes: chineseNotes });
`;

describe('a pair module', () => {
  it('should be read with its pair exports', () => {
    const file = write('strings.ts', FIXTURE);
    expect(readPairModule(dir, file, FIXTURE)).toMatchObject({ key: 'strings.ts', level: 'admin', exports: ['strings'] });
  });

  it('should be copied for English without the Chinese texts, constants and imports', () => {
    const copy = languageCopy(write('strings.ts', FIXTURE), 'en');
    expect(copy).toContain('Widgets');
    expect(copy).toContain('English note');
    expect(copy).not.toMatch(/[\u4e00-\u9fff]/);
    expect(copy).not.toContain('chineseTable');
    expect(copy).not.toContain('engine/area');
  });

  it('should be copied for Chinese without the English texts and the constants only they used', () => {
    const copy = languageCopy(write('strings.ts', FIXTURE), 'zh');
    expect(copy).toContain('小部件');
    expect(copy).toContain('chineseTable');
    expect(copy).not.toContain('Widgets');
    expect(copy).not.toContain('English note');
  });

  it('should be refused when it exports anything but pairs, or holds a pair elsewhere', () => {
    const extra = `${FIXTURE}export const helper = 1;\n`;
    expect(() => readPairModule(dir, write('extra.ts', extra), extra)).toThrow(/exports something other than a pair/);
    const inner = `import { languagePair } from './languageParts';\nexport const make = () => languagePair({}, {});\n`;
    expect(() => readPairModule(dir, write('inner.ts', inner), inner)).toThrow(/pair/);
  });

  it('should be none when it holds no pair call', () => {
    const plain = 'export const couponEn = { a: 1 };\n';
    expect(readPairModule(dir, write('plain.ts', plain), plain)).toBeNull();
    expect(readFileSync(join(dir, 'plain.ts'), 'utf8')).toBe(plain);
  });
});

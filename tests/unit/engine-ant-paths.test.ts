// Protects: Ant path pattern matching (the resource URL patterns every permission check relies on).
import { describe, expect, it } from 'vitest';
import { antMatch } from '../../src/schema/engine/ant';

describe('Ant path patterns', () => {
  it.each([
    ['/brand/**', '/brand/list', true],
    ['/brand/**', '/brand', true],
    ['/brand/**', '/brand/update/3', true],
    ['/brand/**', '/brandx/list', false],
    ['/resource/**', '/resourceCategory/listAll', false],
    ['/productAttribute/**', '/productAttribute/category/list', true],
    ['/productAttribute/category/**', '/productAttribute/category/list', true],
    ['/productAttribute/category/**', '/productAttribute/list/1', false],
    ['/admin/info', '/admin/info', true],
    ['/admin/info', '/admin/infos', false],
    ['/brand/*', '/brand/list', true],
    ['/brand/*', '/brand/update/3', false],
    ['/brand/?ist', '/brand/list', true],
    ['/brand/list', '/brand/list?pageNum=1', true],
    ['/**', '/anything/at/all', true],
    ['/Brand/**', '/brand/list', false],
    // Spring's URI variables: {name} is one segment, {name:regex} what a restricted regex matches.
    ['/rms/reward/{id}', '/rms/reward/12', true],
    ['/rms/reward/{id}', '/rms/reward/create', true],
    ['/rms/reward/{id}', '/rms/reward/1/2', false],
    ['/rms/reward/{id:\\d+}', '/rms/reward/12', true],
    ['/rms/reward/{id:\\d+}', '/rms/reward/create', false],
    ['/rms/reward/{id:\\d+}', '/rms/reward/', false],
    ['/rms/reward/{id:\\d+}', '/rms/reward/12x', false],
    ['/rms/reward/{id:\\d+}', '/rms/reward/12?x=1', true],
    ['/rms/{kind:[a-z]+}/list', '/rms/reward/list', true],
    ['/rms/{kind:[a-z]+}/list', '/rms/Reward/list', false],
    ['/a/x{n:\\d+}.json', '/a/x42.json', true],
    ['/a/x{n:\\d+}.json', '/a/x42xjson', false],
    // Regexes beyond the safe subset (nested quantifiers, groups) match nothing: closed, never slow.
    ['/rms/reward/{id:(\\d+)+$}', '/rms/reward/12', false],
    ['/rms/reward/{id:.*}', '/rms/reward/12', false],
  ])('%s matches %s: %s', (pattern, path, expected) => {
    expect(antMatch(pattern, path)).toBe(expected);
  });
});

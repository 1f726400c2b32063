// Protects: Ant path pattern matching (the resource URL patterns every permission check relies on).
import { describe, expect, it } from 'vitest';
import { antMatch } from '../../src/schema/ant';

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
  ])('%s matches %s: %s', (pattern, path, expected) => {
    expect(antMatch(pattern, path)).toBe(expected);
  });
});

/** `pageNum`/`pageSize` query parameters as `mall` reads them (1-based, pageSize default 5). */
import { z } from 'zod';
import { PAGE_SIZE } from '../../src/schema/rules';

const intParam = (fallback: number, min: number, max: number) =>
  z.preprocess((v) => (v === undefined || v === '' ? fallback : typeof v === 'string' ? Number(v) : v),
    z.number().int().min(min).max(max));

export const pageQuery = z.object({
  pageNum: intParam(1, 0, 1_000_000),
  pageSize: intParam(PAGE_SIZE.default, 1, PAGE_SIZE.max),
});

export type PageQuery = z.infer<typeof pageQuery>;

/** Row offset of a page; `pageNum=0` reads the first page, as PageHelper does. */
export const pageOffset = ({ pageNum, pageSize }: PageQuery): number => Math.max(pageNum - 1, 0) * pageSize;

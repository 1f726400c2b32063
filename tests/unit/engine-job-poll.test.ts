// Protects: the job runner's poll period: as often as its most frequent job runs (a job of 2 s beside jobs of an hour is looked at every 2 s, not every minute), never under a second, never over a minute.
import { describe, expect, it } from 'vitest';
import { JOBS } from '../../server/jobs/index';
import { AREA_JOBS } from '../../server/areas/index';
import { pollSecondsOf } from '../../server/jobs/runner';

describe('job runner poll', () => {
  it('follows the most frequent job', () => {
    expect(pollSecondsOf([2, 3600, 86_400])).toBe(2);
    expect(pollSecondsOf([30, 120])).toBe(30);
  });
  it('stays between a second and a minute', () => {
    expect(pollSecondsOf([0.1, 600])).toBe(1);
    expect(pollSecondsOf([300, 3600])).toBe(60);
    expect(pollSecondsOf([])).toBe(60);
  });
  it('looks at the declared jobs at least as often as the most frequent of them runs', () => {
    const periods = [...JOBS, ...AREA_JOBS].map((job) => (typeof job.everySeconds === 'number' ? job.everySeconds : 60));
    expect(pollSecondsOf(periods)).toBeLessThanOrEqual(Math.min(60, ...periods));
  });
});

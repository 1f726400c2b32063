// Protects: the order areas' demo records are written in (server/areas/index.ts demoOrder): each
// after the areas its `demo.after` names, otherwise in AREAS order; a name that is no area or a
// cycle stops the seed instead of writing records in an order nobody chose.
import { describe, expect, it } from 'vitest';
import { defineArea } from '../../server/areas/area';
import { AREAS, demoOrder } from '../../server/areas/index';

const seed = async () => undefined;

describe('demoOrder', () => {
  it('writes every area with demo records once, each after the areas it names', () => {
    const order = demoOrder(AREAS).map((area) => area.name);
    expect(new Set(order).size).toBe(order.length);
    for (const area of AREAS) {
      for (const first of area.demo?.after ?? []) {
        if (order.includes(first)) expect(order.indexOf(first), `${first} before ${area.name}`).toBeLessThan(order.indexOf(area.name));
      }
    }
    // The orders come before what hangs on them: members, coupons used on orders, cashier balances bound to orders.
    expect(order.indexOf('oms')).toBeLessThan(order.indexOf('member'));
    expect(order.indexOf('sms')).toBeLessThan(order.indexOf('cashier'));
  });

  it('keeps the registry order where nothing is named', () => {
    const a = defineArea({ name: 'a', demo: { seed } });
    const b = defineArea({ name: 'b', demo: { seed } });
    const c = defineArea({ name: 'c', demo: { after: ['a'], seed } });
    expect(demoOrder([c, b, a]).map((area) => area.name)).toEqual(['a', 'c', 'b']);
    expect(demoOrder([a, b, c]).map((area) => area.name)).toEqual(['a', 'b', 'c']);
  });

  it('refuses an unknown area and a cycle', () => {
    expect(() => demoOrder([defineArea({ name: 'a', demo: { after: ['nope'], seed } })])).toThrow(/nope, which is no area/);
    const a = defineArea({ name: 'a', demo: { after: ['b'], seed } });
    const b = defineArea({ name: 'b', demo: { after: ['a'], seed } });
    expect(() => demoOrder([a, b])).toThrow(/cycle/);
  });
});

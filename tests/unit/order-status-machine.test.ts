// Protects: the order's status machine as declared (issue 11 item 3): which actions each order status allows, transition by transition; the payment and delivery status that follow from the order status only move forward through its transitions; and the README's order-state table printed from the declaration.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowedStatesOf, transitionAllows, transitionsOf } from '../../src/schema/entity';
import { ORDER_STATUS, ORDER_STATUS_FACETS, ORDER_STATUSES, order } from '../../src/schema/oms';
import { stateTable } from '../../src/schema/transitionTable';

const S = ORDER_STATUS;

describe('the order status machine', () => {
  it('allows each transition from exactly its declared status, to its declared status', () => {
    const transitions = Object.fromEntries(transitionsOf(order).map(([name, decl]) => [name, [decl.transition.from, decl.transition.to]]));
    expect(transitions).toEqual({
      deliver: [[S.pendingShipment], S.shipped],
      close: [[S.pendingPayment], S.closed],
      confirmReceipt: [[S.shipped], S.completed],
    });
  });

  it('allows the edits only before shipping, tracking only after, note and message always', () => {
    const allowed = (name: string) => ORDER_STATUSES.filter((s) => transitionAllows(order, name, { status: s.value })).map((s) => s.value);
    expect(allowed('updateReceiverInfo')).toEqual([S.pendingPayment, S.pendingShipment]);
    expect(allowed('updateMoneyInfo')).toEqual([S.pendingPayment, S.pendingShipment]);
    expect(allowed('updateItem')).toEqual([S.pendingPayment, S.pendingShipment]);
    expect(allowed('track')).toEqual([S.shipped, S.completed]);
    expect(allowed('updateNote')).toEqual(ORDER_STATUSES.map((s) => s.value));
    expect(allowed('sendMessage')).toEqual(ORDER_STATUSES.map((s) => s.value));
    expect(allowedStatesOf(order.actions?.statusCounts)).toBeUndefined();
  });

  it('moves payment (unpaid → paid) and delivery (not shipped → shipped → received) only forward, transition by transition', () => {
    const payment = ['unpaid', 'paid'];
    const delivery = ['not_shipped', 'shipped', 'received'];
    for (const [name, decl] of transitionsOf(order)) {
      for (const from of decl.transition.from) {
        const before = ORDER_STATUS_FACETS[from as number]!;
        const after = ORDER_STATUS_FACETS[decl.transition.to as number]!;
        expect(payment.indexOf(after.payment), `${name} from ${from}`).toBeGreaterThanOrEqual(payment.indexOf(before.payment));
        expect(delivery.indexOf(after.delivery), `${name} from ${from}`).toBeGreaterThanOrEqual(delivery.indexOf(before.delivery));
      }
    }
    expect(ORDER_STATUSES.every((s) => ORDER_STATUS_FACETS[s.value])).toBe(true);
  });

  it("matches the README's order-state table (npx tsx scripts/transitions-table.ts prints it)", () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const section = readme.split('<!-- order-states:start -->\n')[1]?.split('<!-- order-states:end -->')[0];
    expect(section).toBe(stateTable(order, ORDER_STATUS_FACETS));
  });
});

// Protects: the order's status machine as declared: which actions each order status allows, transition by transition; the stored payment and delivery status each transition (the cashier's too) sets as the status table says; and the guide's order-state table (docs/guide/transitions.md) printed from the declaration, with its refunded line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowedStatesOf, transitionAllows, transitionsOf } from '../../src/schema/engine/entity';
import { ORDER_PAID_BY_BALANCE, ORDER_PAYMENT_WITHDRAWN } from '../../src/schema/cashier/entities';
import type { TransitionDecl } from '../../src/schema/engine/entity';
import { DELIVERY_STATUS, ORDER_PAID_ONLINE, ORDER_REFUNDED_ROW, ORDER_STATUS, ORDER_STATUS_FACETS, ORDER_STATUSES, PAY_STATUS, order } from '../../src/schema/oms/entities';
import { stateTable } from '../../scripts/transition-table';

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

  it('moves the stored payment and delivery status with each transition (the cashier\'s too) exactly as the status table says', () => {
    const valueOf = (field: 'payStatus' | 'deliveryStatus', label: string) => order.fields[field].options!.find((o) => o.label === label)!.value;
    const transitions: [string, TransitionDecl][] = [
      ...transitionsOf(order).map(([name, decl]): [string, TransitionDecl] => [name, decl.transition]),
      ['cashier paid', ORDER_PAID_BY_BALANCE], ['cashier withdrawn', ORDER_PAYMENT_WITHDRAWN], ['paid online', ORDER_PAID_ONLINE],
    ];
    for (const [name, transition] of transitions) {
      for (const from of transition.from) {
        for (const field of ['payStatus', 'deliveryStatus'] as const) {
          const before = valueOf(field, ORDER_STATUS_FACETS[from as number]![field]);
          const after = valueOf(field, ORDER_STATUS_FACETS[transition.to as number]![field]);
          // What the row has after the transition: what it sets, else what it had.
          expect(transition.sets?.[field] ?? before, `${name} from ${from}: ${field}`).toBe(after);
        }
      }
    }
    expect(transitions.map(([name, t]) => [name, t.sets])).toEqual([
      ['deliver', { deliveryStatus: DELIVERY_STATUS.shipped }], ['close', undefined], ['confirmReceipt', undefined],
      ['cashier paid', { payStatus: PAY_STATUS.paid }], ['cashier withdrawn', { payStatus: PAY_STATUS.unpaid }],
      ['paid online', { payStatus: PAY_STATUS.paid }],
    ]);
    expect(ORDER_STATUSES.every((s) => ORDER_STATUS_FACETS[s.value])).toBe(true);
    // "refunded" is no status's own: only a completed return reaches it.
    expect(Object.values(ORDER_STATUS_FACETS).map((f) => f.payStatus)).not.toContain('refunded');
    expect(ORDER_REFUNDED_ROW.facets.payStatus).toMatch(/^partially_refunded, or refunded/);
  });

  it("matches the guide's order-state table (npx tsx scripts/transitions-table.ts prints it)", () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'guide', 'transitions.md'), 'utf8');
    const section = readme.split('<!-- order-states:start -->\n')[1]?.split('<!-- order-states:end -->')[0];
    expect(section).toBe(stateTable(order, ORDER_STATUS_FACETS, [ORDER_REFUNDED_ROW]));
  });
});

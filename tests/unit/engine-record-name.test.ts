// Protects: confirmations and titles name a record by what a person knows (its declared naming fields as shown: enum options translated, amounts with two decimals), never a bare id unless nothing else is there.
import type { RaRecord } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { recordName } from '../../src/engine/recordName';
import { balance } from '../../src/schema/cashier/entities';
import type { Entity } from '../../src/schema/engine/entity';
import { returnApply } from '../../src/schema/oms/entities';

const translate = ((key: string) => `<${key}>`) as Parameters<typeof recordName>[0];

describe('recordName', () => {
  it("names a return by its order number and product, a balance by its shop, channel and amount", () => {
    expect(recordName(translate, returnApply as unknown as Entity, { id: 7, orderSn: '2026112800300120', productName: 'Printed paper bag' } as RaRecord))
      .toBe('2026112800300120 · Printed paper bag');
    const option = (balance as unknown as Entity).fields.payChannel!.options![0]!;
    expect(recordName(translate, balance as unknown as Entity, { id: 3, shopName: 'Harbor Boxes', payChannel: option.value, amount: 120 } as RaRecord))
      .toBe(`Harbor Boxes · <resources.balance.enums.payChannel.${option.label}> · 120.00`);
  });

  it('falls back to #id only when no naming field has a value', () => {
    expect(recordName(translate, returnApply as unknown as Entity, { id: 7, orderSn: '', productName: null } as RaRecord)).toBe('#7');
  });
});

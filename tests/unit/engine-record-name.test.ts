// Protects: confirmations, titles and phone cards name a record by what a person knows (its declared naming fields as shown: enum options translated, amounts with two decimals, references by their names), never a bare id unless nothing else is there.
import type { RaRecord } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { cardTitleField, recordName } from '../../src/engine/recordName';
import { balance } from '../../src/schema/cashier/entities';
import type { Entity } from '../../src/schema/engine/entity';
import { ENTITIES } from '../../src/schema/entities';
import { referralRelation } from '../../src/schema/referral/entities';
import { returnApply } from '../../src/schema/oms/entities';
import { couponHistory } from '../../src/schema/sms/coupon';

const translate = ((key: string) => `<${key}>`) as Parameters<typeof recordName>[0];

describe('recordName', () => {
  it("names a return by its order number and product, a balance by its shop, channel and amount", () => {
    expect(recordName(translate, returnApply as unknown as Entity, { id: 7, orderSn: '2026112800300120', productName: 'Printed paper bag' } as RaRecord))
      .toBe('2026112800300120 · Printed paper bag');
    const option = (balance as unknown as Entity).fields.payChannel!.options![0]!;
    expect(recordName(translate, balance as unknown as Entity, { id: 3, shopName: 'Harbor Boxes', payChannel: option.value, amount: 120 } as RaRecord))
      .toBe(`Harbor Boxes · <resources.balance.enums.payChannel.${option.label}> · 120.00`);
  });

  it('names a reference among the naming fields by the name beside it, never by its id', () => {
    expect(recordName(translate, couponHistory as unknown as Entity,
      { id: 9, couponId: 12, couponName: 'Summer sale', memberId: 5, memberUsername: 'alice' } as RaRecord)).toBe('Summer sale · alice');
    // A reference whose record is gone (no name) says nothing rather than a bare number.
    expect(recordName(translate, couponHistory as unknown as Entity,
      { id: 9, couponId: 12, couponName: null, memberId: 5, memberUsername: 'alice' } as RaRecord)).toBe('alice');
  });

  it('falls back to #id only when no naming field has a value', () => {
    expect(recordName(translate, returnApply as unknown as Entity, { id: 7, orderSn: '', productName: null } as RaRecord)).toBe('#7');
  });

  it("titles a phone card by a field a person knows: the naming fields, the display field, else the first list field, never the bare id", () => {
    // A referral's display is its id: its card leads with the referrer (a reference, shown by name).
    expect(cardTitleField(referralRelation as unknown as Entity)).toBe('referrerId');
    expect(cardTitleField(returnApply as unknown as Entity)).toBeNull();
    for (const entity of Object.values(ENTITIES) as unknown as Entity[]) {
      // A settings record edited alone (no list) and a list no screen shows have no cards.
      if (entity.menu.screens === false || entity.name === 'orderSetting') continue;
      const title = cardTitleField(entity);
      expect(Boolean(entity.naming) || (title !== null && title !== 'id'), entity.name).toBe(true);
    }
  });
});

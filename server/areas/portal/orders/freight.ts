/**
 * What carriage an order costs, from the shop's freight templates (`pms_feight_template`) that its
 * products name (`feightTemplateId`). A pure function over integer cents; ./sources.ts reads the
 * templates, ./pricing.ts adds the result to the order. mall declares the templates but charges
 * nothing; the rule here:
 *
 * 1. A line carries nothing when its product promises free shipping (service 3 of `serviceIds`) or
 *    names no template of the shop (none, 0, another shop's or a deleted one).
 * 2. The other lines are grouped by template, and each template charges once over its lines' units:
 *    pieces (charge type 1) or grams, the product's weight × quantity (charge type 0). The first
 *    `firstWeight` units (or fewer) cost `firstFee`; every further `continueWeight` units, or part
 *    of them, cost `continueFee`. Grouping makes two products under one template cost what one
 *    parcel does, as a carrier bills it.
 * 3. A member whose level has the free-freight privilege pays no freight when the goods (after
 *    promotions and the coupon) reach the level's `freeFreightPoint`.
 *
 * One rate for every destination: the template's `dest` is kept, not read.
 */
import type { Cents } from '../../sms/pricing';

/** Charge types of mall's template. */
export const CHARGE_BY = { weight: 0, pieces: 1 } as const;

/** mall's service guarantee "free shipping" (`serviceIds` 3). */
const FREE_SHIPPING_SERVICE = '3';

export type FreightTemplate = {
  readonly id: number; readonly name: string; readonly chargeType: number;
  readonly firstWeight: number; readonly firstFee: Cents; readonly continueWeight: number; readonly continueFee: Cents;
};

/** What freight reads of one order line. */
export type FreightLine = {
  readonly templateId: number | null;
  readonly quantity: number;
  /** The product's weight in grams. */
  readonly weight: number;
  /** The product's `serviceIds` (comma-joined). */
  readonly serviceIds: string | null;
};

/** The member level's free-freight privilege: from this goods amount (cents) on, no freight; null: none. */
export type FreeFreight = { readonly from: Cents } | null;

export type FreightInput = {
  readonly templates: ReadonlyMap<number, FreightTemplate>;
  readonly freeFreight: FreeFreight;
};

/** One template's charge on the order: its units and fee. */
export type FreightPart = { readonly templateId: number; readonly name: string; readonly chargeType: number; readonly units: number; readonly fee: Cents };

export type Freight = {
  readonly amount: Cents;
  /** Each template charged, before a waiver. */
  readonly parts: readonly FreightPart[];
  /** The member's level waived the parts' fees (the goods reached its free-freight point). */
  readonly waived: boolean;
};

const freeShipping = (serviceIds: string | null): boolean => (serviceIds ?? '').split(',').map((s) => s.trim()).includes(FREE_SHIPPING_SERVICE);

/** One template's fee for `units`: the first step, then each further step begun. */
export const templateFee = (template: FreightTemplate, units: number): Cents => {
  if (units <= 0) return 0;
  const beyond = Math.max(0, units - Math.max(0, template.firstWeight));
  const steps = beyond === 0 ? 0 : Math.ceil(beyond / Math.max(1, template.continueWeight));
  return template.firstFee + steps * template.continueFee;
};

/** The order's freight (the module's rule); `goods` is what the lines cost after promotions and the coupon. */
export const freightOf = (lines: readonly FreightLine[], input: FreightInput, goods: Cents): Freight => {
  const units = new Map<number, number>();
  for (const line of lines) {
    if (line.templateId === null || freeShipping(line.serviceIds)) continue;
    const template = input.templates.get(line.templateId);
    if (!template) continue;
    const add = template.chargeType === CHARGE_BY.weight ? Math.max(0, line.weight) * line.quantity : line.quantity;
    units.set(template.id, (units.get(template.id) ?? 0) + add);
  }
  const parts = [...units.entries()].sort((a, b) => a[0] - b[0]).map(([id, n]): FreightPart => {
    const template = input.templates.get(id)!;
    return { templateId: id, name: template.name, chargeType: template.chargeType, units: n, fee: templateFee(template, n) };
  });
  const charged = parts.reduce((a, p) => a + p.fee, 0);
  const waived = charged > 0 && input.freeFreight !== null && goods >= input.freeFreight.from;
  return { amount: waived ? 0 : charged, parts, waived };
};

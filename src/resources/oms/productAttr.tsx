/**
 * A product line's attributes as people read them, the same on the order's page and a return's:
 * `mall` keeps them as JSON (`[{"key":"Colour","value":"Black"}]`), shown as "Colour: Black; Size: L".
 */
import { useRecordContext } from 'react-admin';
import type { Entity } from '../../schema/engine/entity';

/** `mall`'s line attributes are JSON (`[{"key":"Colour","value":"Black"}]`); anything else shows as it is. */
export const attributesText = (raw: unknown): string => {
  if (typeof raw !== 'string' || raw === '') return '';
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed)) {
      return parsed.map((a: unknown) => (a && typeof a === 'object' && 'key' in a && 'value' in a ? `${String(a.key)}: ${String(a.value)}` : String(a))).join('; ');
    }
  } catch { /* plain text */ }
  return raw;
};

/** The attributes field of the record in context (an order line's, a return's `productAttr`), read. */
export const ProductAttrCell = ({ name }: { readonly entity?: Entity; readonly name: string }) => {
  const record = useRecordContext();
  return <>{attributesText(record?.[name])}</>;
};

/** How worn a mold is: its uses against its rated life (pure, for the list bar and its tests). */
import { MOLD_WEAR_WARNING } from '../../schema/shop/entities';

export type WearLevel = 'ok' | 'warning' | 'worn_out';

export type Wear = { readonly ratio: number; readonly percent: number; readonly level: WearLevel };

export const wearOf = (usageCount: unknown, ratedLife: unknown): Wear | null => {
  const used = Number(usageCount ?? 0);
  const life = Number(ratedLife);
  if (!Number.isFinite(used) || !Number.isFinite(life) || life <= 0) return null;
  const ratio = used / life;
  const level: WearLevel = ratio >= 1 ? 'worn_out' : ratio >= MOLD_WEAR_WARNING ? 'warning' : 'ok';
  return { ratio, percent: Math.round(ratio * 100), level };
};

/**
 * Die-cutting molds (`/mold/kmold`): the engine's list (shop and status filters, dialog editing;
 * the server scopes rows to the seller's shops) with a coloured status chip and the usage shown
 * as a bar against the rated life, turning to a warning from `MOLD_WEAR_WARNING`.
 */
import type { mold } from '../../schema/shop/entities';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Entity } from '../../schema/engine/entity';
import { enumLabelKey } from '../../engine/labels';
import { RowDeleteButton } from '../../engine/RowDeleteButton';
import type { ScreenOptionsOf } from '../../engine/screenOptions';
import type { WearLevel } from './wear';
import { wearOf } from './wear';

/** Chip colour per status label of the declaration. */
const STATUS_COLOURS: Readonly<Record<string, ChipProps['color']>> = {
  available: 'success', in_use: 'info', maintenance: 'warning', retired: 'default',
};

const StatusChip = ({ entity, name }: { readonly entity: Entity; readonly name: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const option = entity.fields[name]?.options?.find((o) => o.value === record?.[name]);
  if (!option) return null;
  return <Chip size="small" color={STATUS_COLOURS[option.label] ?? 'default'} label={translate(enumLabelKey(entity, name, option))} />;
};

const BAR_COLOURS: Readonly<Record<WearLevel, 'primary' | 'warning' | 'error'>> = { ok: 'primary', warning: 'warning', worn_out: 'error' };
const BAR_WIDTH = 140;
const formatCount = (value: unknown): string => (typeof value === 'number' ? value.toLocaleString() : String(value ?? '-'));

const WearBar = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const wear = wearOf(record.usageCount, record.ratedLife);
  const text = `${formatCount(record.usageCount ?? 0)} / ${formatCount(record.ratedLife)}`;
  if (!wear) return <>{text}</>;
  const label = translate('entity.mold.wear', { used: String(record.usageCount ?? 0), life: String(record.ratedLife), percent: wear.percent });
  return (
    <Box sx={{ minWidth: BAR_WIDTH }} data-wear={wear.level}>
      <LinearProgress
        variant="determinate"
        value={Math.min(wear.percent, 100)}
        color={BAR_COLOURS[wear.level]}
        aria-label={label}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography variant="caption" color={wear.level === 'ok' ? 'text.secondary' : `${BAR_COLOURS[wear.level]}.main`}>
        {text} ({wear.percent}%){wear.level !== 'ok' && ` · ${translate(`entity.mold.${wear.level}`)}`}
      </Typography>
    </Box>
  );
};

const MoldRowActions = ({ entity }: { readonly entity: Entity }) => <RowDeleteButton entity={entity} />;

export const moldScreen: ScreenOptionsOf<typeof mold> = {
  cells: { status: StatusChip, usageCount: WearBar },
  // The wear bar already shows the rated life; the rest is one click away (columns button).
  hiddenColumns: ['size', 'material', 'ratedLife', 'createTime'],
  rowActions: MoldRowActions,
};

/**
 * Orders and sales per day, the last 7 or 30 days (switchable), as SVG bars drawn here: no chart
 * library (the lightest and the most accessible choice measured, docs/benchmarks.md "Home page").
 * This module is its own lazy chunk, loaded by the home page only. Each bar is focusable and has a
 * tooltip (pointer and keyboard); the chart states its summary as its accessible name, and the
 * figures are also in a table for screen readers. The SVG scales to its width, so it reads on a phone.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useIntlLocale } from '../../engine/locale';
import type { HomeDay } from '../../schema/home/summary';
import { HOME_CHART_DAYS, HOME_SHORT_CHART_DAYS } from '../../schema/home/summary';
import { formatCount, formatMoney } from './format';

/** Read by screen readers, not shown. */
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;

const WIDTH = 600;
const HEIGHT = 200;
// The left pad holds the value axis's ticks.
const PAD = { top: 10, right: 8, bottom: 24, left: 44 };
/** The value axis: 0, half the highest day and the highest, each with a light grid line. */
const TICKS = [0, 0.5, 1] as const;

type Series = { key: string; label: string; values: number[]; format: (v: number) => string };

const Bars = ({ series, dates, dateText }: { series: Series; dates: string[]; dateText: (d: string) => string }) => {
  const theme = useTheme();
  const translate = useTranslate();
  // Ticks in the short form (1.2K, 1.2万) so they fit beside the bars; the tooltips give the exact figure.
  const tickFormat = new Intl.NumberFormat(useIntlLocale(), { notation: 'compact', maximumFractionDigits: 1 });
  const max = Math.max(0, ...series.values);
  const total = series.values.reduce((a, b) => a + b, 0);
  const maxIndex = series.values.indexOf(max);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / series.values.length;
  const barW = Math.max(2, slot * 0.7);
  const summary = translate('homeDashboard.chart.summary', {
    metric: series.label, from: dateText(dates[0]!), to: dateText(dates[dates.length - 1]!), total: series.format(total),
    max: series.format(max), maxDate: dateText(dates[Math.max(0, maxIndex)]!),
  });
  // Every few days a date under the axis, so 30 labels do not overlap on a phone.
  const labelEvery = series.values.length > 10 ? 7 : 1;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">{series.label}</Typography>
      <Box component="svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} data-testid={`home-chart-${series.key}`}
        sx={{ width: '100%', height: 'auto', display: 'block', overflow: 'visible' }}>
        <g aria-hidden="true">
          {(max > 0 ? TICKS : [0]).map((share) => {
            const y = PAD.top + innerH - share * innerH;
            return (
              <g key={share}>
                <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke={theme.palette.divider} strokeDasharray={share ? '3 3' : undefined} />
                <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize={11} fill={theme.palette.text.secondary} data-testid="home-chart-tick">
                  {tickFormat.format(share * max)}
                </text>
              </g>
            );
          })}
        </g>
        {series.values.map((value, i) => {
          const h = max > 0 ? (value / max) * innerH : 0;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const label = translate('homeDashboard.chart.tooltip', { date: dateText(dates[i]!), value: series.format(value) });
          return (
            <Tooltip key={dates[i]} title={label} arrow>
              <g tabIndex={0} aria-label={label} data-testid="home-chart-bar" style={{ outline: 'none' }}>
                {/* The whole slot answers the pointer, so a day without orders still has its tooltip. */}
                <rect x={PAD.left + i * slot} y={PAD.top} width={slot} height={innerH} fill="transparent" />
                <rect x={x} y={PAD.top + innerH - h} width={barW} height={Math.max(h, value > 0 ? 1 : 0)} rx={2} fill={theme.palette.primary.main} />
                {(i % labelEvery === 0 || i === series.values.length - 1) && (
                  <text x={x + barW / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={11} fill={theme.palette.text.secondary}>{dates[i]!.slice(5)}</text>
                )}
              </g>
            </Tooltip>
          );
        })}
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>{series.label}</caption>
        <thead><tr><th scope="col">{translate('homeDashboard.chart.day')}</th><th scope="col">{series.label}</th></tr></thead>
        <tbody>{series.values.map((v, i) => <tr key={dates[i]}><th scope="row">{dateText(dates[i]!)}</th><td>{series.format(v)}</td></tr>)}</tbody>
      </Box>
    </Box>
  );
};

export const HomeCharts = ({ days, currencies }: { days: readonly HomeDay[]; currencies: readonly string[] }) => {
  const translate = useTranslate();
  const locale = useIntlLocale();
  const [span, setSpan] = useState<number>(HOME_SHORT_CHART_DAYS);
  const shown = days.slice(-span);
  const dates = shown.map((d) => d.date);
  const dateFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', weekday: 'short', timeZone: 'UTC' });
  const dateText = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));
  const series: Series[] = [
    { key: 'orders', label: translate('homeDashboard.chart.orders'), values: shown.map((d) => d.orders), format: (v) => formatCount(v, locale) },
    ...currencies.map((currency) => ({
      key: `sales-${currency}`, label: translate('homeDashboard.chart.sales', { currency }),
      values: shown.map((d) => d.sales[currency] ?? 0), format: (v: number) => formatMoney(v, currency, locale),
    })),
  ];
  return (
    <Card variant="outlined" data-testid="home-charts">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="subtitle1" component="h2">{translate('homeDashboard.chart.title')}</Typography>
          <ToggleButtonGroup size="small" exclusive value={span} onChange={(_e, value: number | null) => { if (value) setSpan(value); }}
            aria-label={translate('homeDashboard.chart.title')}>
            <ToggleButton value={HOME_SHORT_CHART_DAYS} data-testid="home-chart-7">{translate('homeDashboard.chart.days7')}</ToggleButton>
            <ToggleButton value={HOME_CHART_DAYS} data-testid="home-chart-30">{translate('homeDashboard.chart.days30')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: series.length > 1 ? '1fr 1fr' : '1fr' } }}>
          {series.map((s) => <Bars key={s.key} series={s} dates={dates} dateText={dateText} />)}
        </Box>
      </CardContent>
    </Card>
  );
};

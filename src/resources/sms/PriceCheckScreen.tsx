/**
 * `/sms/priceCheck`: what a buyer would pay (`GET /price/check`). The form is the check's declared
 * parameters (src/schema/sms/priceCheck.ts `priceCheckParams`: the engine's inputs, labels and rules;
 * the SKU is picked among the chosen product's SKUs); the answer shows the total, then each rule as
 * a line: applied or not, the price or amount it set, the amount after it, and why.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Calculate from '@mui/icons-material/Calculate';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { Form, SaveButton, useTranslate } from 'react-admin';
import { useController, useWatch } from 'react-hook-form';
import { useActionQuery } from '../../engine/actionQueries';
import { apiValues, createDefaults, toFormErrors } from '../../engine/formValidation';
import { EntityFieldInput } from '../../engine/kinds';
import { fieldLabelKey } from '../../engine/labels';
import { useIntlLocale } from '../../engine/locale';
import type { FieldInputProps } from '../../engine/screenOptions';
import { PageFrame } from '../../ui/PageFrame';
import { ApiError, apiFetch } from '../../providers/api';
import { submissionErrors } from '../../providers/entityDataProvider';
import { formatMoney, toCents } from '../../schema/engine/money';
import { PRICE_API } from '../../schema/sms/priceApi';
import type { PriceCheckAnswer, PriceLineAnswer, PriceReasonAnswer } from '../../schema/sms/priceCheck';
import { priceCheckParams } from '../../schema/sms/priceCheck';
import { product } from '../../schema/pms/product';
import { createSchema, validate as validateWith } from '../../schema/validation';

type Sku = { id: number; skuCode: string | null; price: number; spData: string | null };

const specText = (spData: string | null): string => {
  try {
    return (JSON.parse(spData ?? '[]') as { value: string }[]).map((p) => p.value).join(' / ');
  } catch {
    return '';
  }
};

/** The SKU of the chosen product (its SKU list, `GET /sku/{pid}`); none means the product's own price. */
const SkuInput = ({ entity, name }: FieldInputProps) => {
  const translate = useTranslate();
  const productId = useWatch({ name: 'productId' }) as number | null | undefined;
  const { field, fieldState } = useController({ name });
  const skus = useActionQuery<Sku[]>(product, { name: 'skuList', id: productId ?? 0 }, { enabled: Boolean(productId) });
  const options = productId ? skus.data ?? [] : [];
  const money = useMoney();
  return (
    <MuiTextField select fullWidth size="small" name={name} label={translate(fieldLabelKey(entity, name))}
      value={options.some((s) => s.id === field.value) ? String(field.value) : ''}
      onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
      disabled={!productId || skus.isError} error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ? translate(fieldState.error.message) : translate('priceCheck.sku_help')}
      sx={{ mb: 2 }}>
      <MenuItem value="">{translate('priceCheck.no_sku')}</MenuItem>
      {options.map((s) => (
        <MenuItem key={s.id} value={String(s.id)}>{[s.skuCode, specText(s.spData), money(s.price)].filter(Boolean).join(' · ')}</MenuItem>
      ))}
    </MuiTextField>
  );
};

const useMoney = () => {
  const locale = useIntlLocale();
  return (amount: number) => formatMoney(toCents(amount), locale);
};

/** A reason in the reader's language: strategy and platform parameters are labels translated too. */
const useReasonText = () => {
  const translate = useTranslate();
  return (reason: PriceReasonAnswer): string => {
    const params: Record<string, string | number> = { ...reason.params };
    if (typeof params.strategy === 'string') params.strategy = translate(`resources.product.enums.promotionType.${params.strategy}`, { _: params.strategy });
    if (typeof params.platform === 'string') params.platform = translate(`priceCheck.platforms.${params.platform}`, { _: params.platform });
    return translate(`priceCheck.reasons.${reason.key}`, { ...params, _: reason.message });
  };
};

/**
 * A line of the result. `off` is what the line took off the amount before it: a rule that changes
 * the unit price (member price, flash price) shows its difference there as a reduction does, so the
 * column is never empty for an applied rule; a rule that did not apply shows a dash.
 */
const Line = ({ line, off }: { readonly line: PriceLineAnswer; readonly off: number }) => {
  const translate = useTranslate();
  const money = useMoney();
  const reasonText = useReasonText();
  return (
    <TableRow data-rule={line.rule} data-applied={line.applied ? 'yes' : 'no'} sx={{ opacity: line.applied ? 1 : 0.75 }}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`priceCheck.rules.${line.rule}`)}</TableCell>
      <TableCell>
        <Chip size="small" color={line.applied ? 'success' : 'default'} variant={line.applied ? 'filled' : 'outlined'}
          label={translate(line.applied ? 'priceCheck.applied' : 'priceCheck.not_applied')} />
      </TableCell>
      <TableCell align="right">{line.unitPrice === null ? '' : money(line.unitPrice)}</TableCell>
      <TableCell align="right">{line.rule === 'listPrice' ? '' : !line.applied ? '—' : off > 0 ? `−${money(off)}` : money(0)}</TableCell>
      <TableCell align="right">{money(line.subtotal)}</TableCell>
      <TableCell sx={{ minWidth: 220 }}>{line.reasons.map((r, i) => <Typography key={i} variant="body2">{reasonText(r)}</Typography>)}</TableCell>
    </TableRow>
  );
};

/** What each line took off: the amount before it less its own (cents, so 0.1 + 0.2 stays exact). */
const offsOf = (lines: readonly PriceLineAnswer[]): number[] => lines.map((line, i) => {
  const before = i === 0 ? line.subtotal : lines[i - 1]!.subtotal;
  return line.applied ? Math.max(0, toCents(before) - toCents(line.subtotal)) / 100 : 0;
});

const Result = ({ answer }: { readonly answer: PriceCheckAnswer }) => {
  const translate = useTranslate();
  const money = useMoney();
  const locale = useIntlLocale();
  // The instant as the shop's clock read it (the zone the flash rules were judged in).
  const wallClock = (iso: string, zone: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: zone }).format(new Date(iso));
  const offs = offsOf(answer.lines);
  const figures: [string, number][] = [
    ['list_price', answer.listPrice], ['unit_price', answer.unitPrice], ['subtotal', answer.subtotal], ['coupon_amount', answer.couponAmount],
  ];
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mt: 2 }} aria-label={translate('priceCheck.result')} role="region">
      <Typography variant="h6" component="h2">
        {answer.productName}{answer.skuCode ? ` · ${answer.skuCode}` : ''} × {answer.quantity}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="price-time-zone">
        {translate('priceCheck.time_zone', { zone: answer.timeZone, time: wallClock(answer.time, answer.timeZone) })}
      </Typography>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', my: 2 }}>
        {/* Every amount of the answer is in the product's shop's currency: said once, first. */}
        {answer.currency && (
          <Box>
            <Typography variant="caption" color="text.secondary">{translate('priceCheck.currency')}</Typography>
            <Typography data-testid="price-currency">{answer.currency}</Typography>
          </Box>
        )}
        {figures.map(([key, value]) => (
          <Box key={key}>
            <Typography variant="caption" color="text.secondary">{translate(`priceCheck.${key}`)}</Typography>
            <Typography>{money(value)}</Typography>
          </Box>
        ))}
        <Box>
          <Typography variant="caption" color="text.secondary">{translate('priceCheck.total')}</Typography>
          <Typography variant="h5" component="p" data-testid="price-total">{money(answer.total)}</Typography>
        </Box>
      </Stack>
      {/* Wider than a phone: the lines scroll in their own box, not the page. */}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('priceCheck.lines')}>
          <TableHead>
            <TableRow>
              {['rule', 'status', 'unit_price', 'amount_off', 'after', 'why'].map((key) => (
                <TableCell key={key} align={['unit_price', 'amount_off', 'after'].includes(key) ? 'right' : 'left'}>{translate(`priceCheck.columns.${key}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{answer.lines.map((line, i) => <Line key={line.rule} line={line} off={offs[i]!} />)}</TableBody>
        </Table>
      </Box>
    </Paper>
  );
};

const INPUTS: Readonly<Record<string, ComponentType<FieldInputProps>>> = { skuId: SkuInput };

export const PriceCheckScreen = () => {
  const translate = useTranslate();
  const [answer, setAnswer] = useState<PriceCheckAnswer | null>(null);
  const params = priceCheckParams;
  const validate = (values: Record<string, unknown>) => {
    const result = validateWith(createSchema(params), apiValues(params, values), params);
    return result.ok ? {} : toFormErrors(result.errors);
  };
  const submit = async (values: Record<string, unknown>) => {
    try {
      const query = apiValues(params, values) as Record<string, string | number | null>;
      setAnswer((await apiFetch<PriceCheckAnswer>(PRICE_API.check, { query })).data);
      return undefined;
    } catch (error) {
      setAnswer(null);
      return error instanceof ApiError ? submissionErrors(error) : undefined;
    }
  };
  return (
    <PageFrame title={translate('menu.priceCheck')}>
      <Alert severity="info" sx={{ mb: 2 }}>{translate('priceCheck.help')}</Alert>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Form record={{}} defaultValues={createDefaults(params, { quantity: 1 })} validate={validate} noValidate mode="onSubmit"
          reValidateMode="onChange" disableInvalidFormNotification onSubmit={submit}>
          <Grid container columnSpacing={2}>
            {Object.entries(params.fields).map(([name, decl]) => {
              const Input = INPUTS[name] ?? EntityFieldInput;
              return (
                <Grid key={name} size={{ xs: 12, sm: 6, lg: 4 }}>
                  <Input entity={params} name={name} decl={decl} mode="create" />
                </Grid>
              );
            })}
          </Grid>
          <SaveButton label="priceCheck.check" icon={<Calculate />} alwaysEnable />
        </Form>
      </Paper>
      {answer && <Result answer={answer} />}
    </PageFrame>
  );
};

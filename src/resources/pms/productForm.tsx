/**
 * The product add/update screens as mall's stepped form: (1) product information, (2) promotion
 * and price strategy, (3) attributes, SKUs and album, (4) relations and the PC and mobile detail.
 * Step 4 links special topics and preference areas (declared reference lists, searchable pickers).
 * A step is a declared `section` of the product (src/schema/pms/product.ts), so a field's step is said
 * once. All steps are one react-admin form, kept mounted while hidden: moving between steps keeps
 * every value, saving checks every step with the declaration's rules, and each error (the form's or
 * the server's field errors) marks its step and is listed above the form with a way to it.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Fragment, useEffect, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useFormContext, useFormState } from 'react-hook-form';
import type { ValidationErrorMessage } from 'react-admin';
import { Button, Form, Loading, useRecordContext, useTranslate, ValidationError } from 'react-admin';
import type { EntityFormProps, ViewProps } from '../../engine/blocks';
import { EntityCreate, EntityEdit, FieldGrid, fieldLabelKey, FormFieldCell, sectionLabelKey, useEntityFormProps } from '../../engine/blocks';
import type { Entity, FieldDecl } from '../../schema/engine/entity';
import { childEntityOf } from '../../schema/engine/entity';
import { STRATEGY_FIELDS } from '../../schema/pms/product';
import { PriceStrategy } from './productInputs';
import { ProductAttributes } from './productSkus';

type Mode = EntityFormProps['mode'];
type Options = EntityFormProps['options'];

/** The steps, in mall's order: a declared section each ('' = the fields without one). */
export const PRODUCT_STEPS = ['', 'promotion', 'attributes', 'detail'] as const;
const MAIN = '';

/** The step of a form value's top-level field (an unknown one shows on the first). */
export const stepOf = (entity: Entity, field: string): number => {
  const at = PRODUCT_STEPS.indexOf((entity.fields[field]?.section ?? MAIN) as (typeof PRODUCT_STEPS)[number]);
  return Math.max(at, 0);
};

const stepLabel = (entity: Entity, section: string): string => (section ? sectionLabelKey(entity, section) : 'entity.pms.step_information');

/** What the form shows of a step: its fields in declaration order (server-kept ones are the list's to show). */
const stepFields = (entity: Entity, section: string): [string, FieldDecl][] =>
  Object.entries(entity.fields).filter(([, decl]) => (decl.section ?? MAIN) === section && !decl.serverManaged && !decl.nameOf && !decl.detailOnly);

/** Fields a block shows together with others, at the place of its first field. */
const BLOCKS: readonly { readonly at: string; readonly fields: readonly string[]; readonly render: (p: { entity: Entity; options: Options; mode: Mode }) => ReactNode }[] = [
  { at: 'promotionType', fields: ['promotionType', ...Object.values(STRATEGY_FIELDS).flat()], render: (p) => <PriceStrategy {...p} /> },
  { at: 'pic', fields: ['productAttributeCategoryId', 'skuStockList', 'productAttributeValueList'], render: (p) => <ProductAttributes {...p} /> },
];

type Problem = { path: string; field: string; step: number; label: ReactNode; message: ValidationErrorMessage };

const isLeaf = (value: unknown): value is { message: ValidationErrorMessage } =>
  typeof value === 'object' && value !== null && 'message' in value && 'type' in value;

/** Every error of the form, as a path (`skuStockList.2.price`), its step and its label. */
const problemsOf = (entity: Entity, errors: FieldErrors, translate: (key: string, options?: object) => string): Problem[] => {
  const out: Problem[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (isLeaf(value)) {
      const [field = '', index, child] = path;
      const own = translate(fieldLabelKey(entity, field));
      const rows = entity.fields[field]?.children;
      const label = rows && index !== undefined && child
        ? `${own} #${Number(index) + 1} ${translate(fieldLabelKey(childEntityOf(entity, field), child))}`
        : own;
      out.push({ path: path.join('.'), field, step: stepOf(entity, field), label, message: value.message });
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) if (key !== 'ref' && key !== 'root') walk(inner, [...path, key]);
    const root = (value as { root?: unknown }).root;
    if (isLeaf(root)) walk(root, path);
  };
  walk(errors, []);
  return out.sort((a, b) => a.step - b.step);
};

/** The errors of the last save, by step, each a link to its step and field. */
const ProblemList = ({ problems, onGo }: { readonly problems: readonly Problem[]; readonly onGo: (problem: Problem) => void }) => {
  const translate = useTranslate();
  if (!problems.length) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="product-form-errors">
      <AlertTitle>{translate('entity.pms.form_errors')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {problems.map((problem) => (
          <li key={problem.path}>
            <Link component="button" type="button" onClick={() => onGo(problem)} sx={{ verticalAlign: 'baseline' }}>
              {`${translate('entity.pms.step_of', { step: problem.step + 1, steps: PRODUCT_STEPS.length })} · ${String(problem.label)}`}
            </Link>
            {translate('entity.pms.error_separator')}
            <ValidationError error={problem.message} />
          </li>
        ))}
      </Box>
    </Alert>
  );
};

const StepContent = ({ entity, options, mode, section }: { readonly entity: Entity; readonly options: Options; readonly mode: Mode; readonly section: string }) => {
  const translate = useTranslate();
  const taken = new Set(BLOCKS.flatMap((b) => b.fields));
  return (
    <>
      {section === 'detail' && (
        <>
          <Typography variant="subtitle1">{translate('entity.pms.relations')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('entity.pms.relations_hint')}</Typography>
        </>
      )}
      <FieldGrid>
        {stepFields(entity, section).map(([name, decl]) => {
          const block = BLOCKS.find((b) => b.at === name);
          return (
            <Fragment key={name}>
              {block?.render({ entity, options, mode })}
              {!taken.has(name) && <FormFieldCell entity={entity} options={options} mode={mode} name={name} decl={decl} />}
            </Fragment>
          );
        })}
      </FieldGrid>
    </>
  );
};

const Steps = ({ entity, options, mode, toolbar }: Pick<EntityFormProps, 'entity' | 'options' | 'mode' | 'toolbar'>) => {
  const translate = useTranslate();
  const [active, setActive] = useState(0);
  const [focus, setFocus] = useState<string | null>(null);
  const { errors, submitCount } = useFormState();
  const form = useFormContext();
  const problems = problemsOf(entity, errors, translate);
  const wrong = new Set(problems.map((p) => p.step));
  // A field can take the focus only once its step is shown.
  useEffect(() => {
    if (!focus) return;
    setFocus(null);
    try { form.setFocus(focus); } catch { /* a composite value (a list) has no one input to focus */ }
  }, [focus, form]);
  const last = PRODUCT_STEPS.length - 1;
  return (
    <>
      <Stepper nonLinear activeStep={active} alternativeLabel sx={{ mb: 3 }}>
        {PRODUCT_STEPS.map((section, index) => (
          <Step key={section || 'main'} completed={false}>
            <StepButton
              onClick={() => setActive(index)}
              optional={wrong.has(index) ? <Typography variant="caption" color="error">{translate('entity.pms.step_has_errors')}</Typography> : undefined}
            >
              <StepLabel error={wrong.has(index)}>{translate(stepLabel(entity, section))}</StepLabel>
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {submitCount > 0 && <ProblemList problems={problems} onGo={(problem) => { setActive(problem.step); setFocus(problem.path); }} />}
      {PRODUCT_STEPS.map((section, index) => (
        <Box
          key={section || 'main'} role="tabpanel" hidden={index !== active}
          aria-label={translate(stepLabel(entity, section))}
        >
          <StepContent entity={entity} options={options} mode={mode} section={section} />
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button label="entity.pms.step_back" variant="outlined" disabled={active === 0} onClick={() => setActive(active - 1)} />
        <Button label="entity.pms.step_next" variant="outlined" disabled={active === last} onClick={() => setActive(active + 1)} />
      </Box>
      {toolbar}
    </>
  );
};

/** The stepped form (react-admin's `Form` around every step), with the engine's validation, defaults and unsaved-changes question. */
export const ProductStepsForm = ({ entity, options, mode, pinned, toolbar, warnWhenUnsavedChanges }: EntityFormProps) => {
  const record = useRecordContext();
  const formProps = useEntityFormProps(entity, mode, { pinned, warnWhenUnsavedChanges });
  if (mode === 'edit' && !record) return <Loading />;
  const { sx, ...props } = formProps;
  return (
    <Box sx={{ ...sx, p: 2 }}>
      <Form {...props}>
        <Steps entity={entity} options={options} mode={mode} toolbar={toolbar} />
      </Form>
    </Box>
  );
};

export const ProductCreate = (props: ViewProps) => <EntityCreate {...props} Form={ProductStepsForm} />;
export const ProductEdit = (props: ViewProps) => <EntityEdit {...props} Form={ProductStepsForm} />;

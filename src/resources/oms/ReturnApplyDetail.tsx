/**
 * `mall`'s return page, `/oms/returnApplyDetail?id=5`: the return's page is the generated show view
 * at its list's URL (`/oms/returnApply#show=5`: proof images, contact, reason, description, the
 * handling and the steps its status allows), so old links land there. Without an id there is no
 * return to show: the page says so under its own title, with the way to the list.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { dialogHash } from '../../engine/routing';
import { PageFrame } from '../../pages/shared/PageFrame';
import { ALL_ROUTES } from '../../schema/routes';

export const ReturnApplyDetail = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const list = ALL_ROUTES.find((r) => r.name === 'returnApply')!.path;
  if (Number.isInteger(id) && id > 0) return <Navigate replace to={`${list}${dialogHash({ mode: 'show', id })}`} />;
  return (
    <PageFrame title={translate('menu.returnApplyDetail')}>
      <Alert severity="info" action={<Button component={Link} to={list} size="small">{translate('entity.oms.return_to_list')}</Button>}>
        {translate('entity.oms.return_choose')}
      </Alert>
    </PageFrame>
  );
};

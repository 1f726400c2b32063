/**
 * `mall`'s detail pages, `/oms/returnApplyDetail?id=5` and `/oms/orderDetail?id=5`: a record's page
 * is its show view at its list's URL (`/oms/returnApply#show=5`, `/oms/order#show=5`), so old links
 * land there. Without an id there is no record to show: the page says so under its own title, with
 * the way to the list.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { dialogHash } from '../../engine/routing';
import { PageFrame } from '../../ui/PageFrame';
import { ALL_ROUTES } from '../../schema/routes';

const detailPage = ({ route, list, choose, toList }: { route: string; list: string; choose: string; toList: string }) => {
  const DetailPage = () => {
    const translate = useTranslate();
    const [params] = useSearchParams();
    const id = Number(params.get('id'));
    const listPath = ALL_ROUTES.find((r) => r.name === list)!.path;
    if (Number.isInteger(id) && id > 0) return <Navigate replace to={`${listPath}${dialogHash({ mode: 'show', id })}`} />;
    return (
      <PageFrame title={translate(`menu.${route}`)}>
        <Alert severity="info" action={<Button component={Link} to={listPath} size="small">{translate(toList)}</Button>}>
          {translate(choose)}
        </Alert>
      </PageFrame>
    );
  };
  return DetailPage;
};

export const ReturnApplyDetail = detailPage({ route: 'returnApplyDetail', list: 'returnApply', choose: 'entity.oms.return_choose', toList: 'entity.oms.return_to_list' });
export const OrderDetail = detailPage({ route: 'orderDetail', list: 'order', choose: 'entity.oms.detail_choose', toList: 'entity.oms.detail_to_list' });

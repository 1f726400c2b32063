/**
 * `mall`'s return page, `/oms/returnApplyDetail?id=5`: the return's page is the generated show view
 * at its list's URL (`/oms/returnApply#show=5`: proof images, contact, reason, description, the
 * handling and the steps its status allows), so old links land there; without an id, on the list.
 */
import { Navigate, useSearchParams } from 'react-router-dom';
import { dialogHash } from '../../engine/routing';
import { ALL_ROUTES } from '../../schema/routes';

export const ReturnApplyDetail = () => {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const list = ALL_ROUTES.find((r) => r.name === 'returnApply')!.path;
  return <Navigate replace to={Number.isInteger(id) && id > 0 ? `${list}${dialogHash({ mode: 'show', id })}` : list} />;
};

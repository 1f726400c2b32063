/** VIP payments: sellers apply, pay and read their own; confirming and refunding are staff's; the providers' notifies carry no token and are verified (PayPal with PayPal, Alipay and WeChat Pay by signature). */
import { body, defineRoutes, SELLERS, SUPER } from './access';

export const routes = defineRoutes({
  entities: {
    payRecord: { all: SELLERS, except: { 'action:confirm': SUPER, 'action:refund': SUPER } },
  },
  routes: {
    'GET /vip/plans': { access: SELLERS, params: [] },
    'POST /vip/paypal/order/:id': { access: SELLERS, params: [] },
    'POST /vip/paypal/capture': { access: SELLERS, params: body('orderId') },
    // PayPal's event: refused whole (400) until PayPal verifies it, whatever its texts hold.
    'POST /vip/paypal/webhook': { access: 'public', params: [], anonymous: true },
    'POST /vip/online/:channel/:id': { access: SELLERS, params: [] },
    // A provider's notify: refused whole (400) until its signature checks out.
    'POST /vip/alipay/notify': { access: 'public', params: [], anonymous: true },
    'POST /vip/wechat/notify': { access: 'public', params: [], anonymous: true },
  },
});

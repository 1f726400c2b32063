// Protects: the online payment adapters' signing and verification against fixed vectors: Alipay's signing string (sorted, empty and `sign` left out; `sign_type` left out only when verifying) and RSA2 signature with a fixed key, WeChat Pay's v3 request message and Authorization header, AEAD_AES_256_GCM resource decryption (a changed byte or another key fails), notify reading (signature, five-minute timestamp window, merchant), and the trade numbers and amount texts the settler reads.
import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alipaySign, alipaySigningString, alipayVerify, keyOf } from '../../server/areas/vip/alipay';
import { amountText, centsOfText, NoticeRefused, payRecordIdOfTradeNo, tradeNoOf } from '../../server/areas/vip/online';
import { authorizationHeader, decryptResource, notifyMessage, parseAuthorization, readWechatNotify, requestMessage, rsaSign } from '../../server/areas/vip/wechatpay';

/** A fixed test key (1024 bits: only the vectors' size; never a real merchant's). */
const PEM = `-----BEGIN PRIVATE KEY-----
MIICdQIBADANBgkqhkiG9w0BAQEFAASCAl8wggJbAgEAAoGBAM3AaD+sofFoz2/D
HETJoNOoaEjvgA9UNvVBfw3CBRtuUs56N/2JZJYa72/6y4+Js1A4gci89qzW4vq7
xA+ScuGrRViS5rgfVeueQlvu+u/K+kx/rio9vz7N0wFqfQyjnAUNPtYUWVi/SFRb
yFkwISsL+mfBRIL9XuZuQhxf1oz5AgMBAAECgYAAsmwn+w+5X5+EQ2bvHLe8v89K
n/URGDnvbr9dbpDR3PfO1z8lTrfWglTZTkIuREslNGvMIEe9oiS2sLgjTV2yQHGn
1BUwB2I6pPlpug5MW0NmsvzLk55iMzUmqaCFm7NLDQFfNbVbvecQZU3lH8Gxm0pT
tVgkfMoGWWqUjI7vYQJBAPIdFUN9tUk9jcIRHcac+MU1QpW/g3FShzCwyvBcy6wI
npGncrK+Sasw0hjNe2iOcXTVOTmuPKqdKIKvLn5Vtx0CQQDZjW0gHMY2qaGpYyxR
2gesGmpUmvlZJ7yyo4P+hpz2iU8TUfNuydGpEo1eUgMVC2MfSzy/HDwGDtfvHVj2
2tqNAkBJ6mcbe71k5s3oeaFFiZbJXkE9xoIyjqeHTfIm/62Oj/MZNK3ntAB5qyX5
PIJ4oUQyDwaxfWg4DlLX0vO2ziRhAkB8G4U0e5XMG0thQXVIIJSd5tff+iTjapro
YgXrzsl+j2hwAiFYg4O66x2AwFKHz941PQujjqzjW9Ztz5UwBjwFAkBsdqfIqCMy
mEAqV+Fvd2P+abPh9WeksecZIAYpLGYU0Gj/XOQqzOtOHu5/PJ0iKK/bEk8JXgwE
NP5VBjU2WObb
-----END PRIVATE KEY-----`;
const key = keyOf(PEM, 'private');
const publicKey = createPublicKey(key);

const PARAMS = {
  app_id: '2014072300007148', method: 'alipay.trade.page.pay', charset: 'utf-8', sign_type: 'RSA2', timestamp: '2026-11-29 12:00:00', version: '1.0',
  biz_content: '{"out_trade_no":"VIP000001","total_amount":"20.00"}', empty: '',
};

describe('Alipay RSA2', () => {
  it('signs the sorted name=value string of every non-empty parameter but sign', () => {
    expect(alipaySigningString(PARAMS)).toBe('app_id=2014072300007148&biz_content={"out_trade_no":"VIP000001","total_amount":"20.00"}&charset=utf-8&method=alipay.trade.page.pay&sign_type=RSA2&timestamp=2026-11-29 12:00:00&version=1.0');
    expect(alipaySign(PARAMS, key)).toBe('FgUz6xqp/yiWBZtFu0U3fP3LVCrG8+silxoXJOxFtuxW/oTTdkql+jIoAe6SJ3iAzKmmaUMexkZd5lehqCF6LXyfjwCDiZ3tGEbDaU3ohg1V2JIMcGg7R2M1HT8kj7w4OhKsQuDozu2IKQQ1scVp5PPffdVMIrO+v/opVoZ+634=');
  });

  it('verifies a notify without sign and sign_type, and refuses a changed value or signature', () => {
    const { sign_type: _type, ...signed } = PARAMS;
    const notify = { ...PARAMS, sign: alipaySign(signed, key) };
    expect(alipayVerify(notify, publicKey)).toBe(true);
    expect(alipayVerify({ ...notify, biz_content: notify.biz_content.replace('20.00', '0.01') }, publicKey)).toBe(false);
    expect(alipayVerify({ ...notify, sign: `${notify.sign.slice(0, -4)}AAAA` }, publicKey)).toBe(false);
    expect(alipayVerify({ ...notify, sign: '' }, publicKey)).toBe(false);
    // A request (the gateway's check) keeps sign_type in the string.
    expect(alipayVerify({ ...PARAMS, sign: alipaySign(PARAMS, key) }, publicKey, ['sign'])).toBe(true);
  });

  it('reads keys as PEM, PEM with \\n, or bare base64 DER', () => {
    const der = key.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const pkcs1 = key.export({ type: 'pkcs1', format: 'der' }).toString('base64');
    for (const text of [PEM.replace(/\n/g, '\\n'), der, pkcs1]) expect(alipaySign(PARAMS, keyOf(text, 'private'))).toBe(alipaySign(PARAMS, key));
    const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(alipayVerify({ ...PARAMS, sign: alipaySign(PARAMS, key) }, keyOf(spki, 'public'), ['sign'])).toBe(true);
    expect(() => keyOf('not a key', 'private')).toThrow(/Not an RSA private key/);
  });
});

describe('WeChat Pay v3', () => {
  const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';
  const RESOURCE = {"algorithm":"AEAD_AES_256_GCM","ciphertext":"YBUgJwPdgWTh6jmyHvI98HSscSnZX0DIzkT/WaLuxQdAw7eIb+JRbTE7v+c=","associated_data":"transaction","nonce":"fixednonce12","original_type":"transaction"};

  it('signs METHOD\\nPATH\\nTIMESTAMP\\nNONCE\\nBODY\\n into the WECHATPAY2-SHA256-RSA2048 header', () => {
    expect(requestMessage('POST', '/v3/pay/transactions/native', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', '{"a":1}'))
      .toBe('POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"a":1}\n');
    const header = authorizationHeader({ method: 'POST', pathWithQuery: '/v3/pay/transactions/native', body: '{"a":1}' }, { mchId: '1900000001', serial: 'SERIAL1', privateKey: key }, '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242');
    expect(header).toBe('WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="Hps2D9BCT6S182x5dTmcIEXA7h1igM4FZdpQmiJgQakvDqCsad6DXKLKlz/U0WNnpBff/068O9l8isucHEBnYDpy5X1zt00HuhtWZcbo8rJIeDEFEqvVHaYVsdWZza1Vkg7Cbh04pYYOUrUDgqFi2LrNsu07uD27HG6/1FrfjBk=",timestamp="1554208460",serial_no="SERIAL1"');
    expect(parseAuthorization(header)).toMatchObject({ mchid: '1900000001', serial_no: 'SERIAL1', timestamp: '1554208460' });
  });

  it('decrypts an AEAD_AES_256_GCM resource with the APIv3 key; a changed byte or another key fails', () => {
    expect(decryptResource(RESOURCE, API_V3_KEY)).toBe('{"out_trade_no":"VIP000001"}');
    const bytes = Buffer.from(RESOURCE.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    expect(() => decryptResource({ ...RESOURCE, ciphertext: bytes.toString('base64') }, API_V3_KEY)).toThrow();
    expect(() => decryptResource(RESOURCE, 'x'.repeat(32))).toThrow();
    expect(() => decryptResource({ ...RESOURCE, associated_data: 'other' }, API_V3_KEY)).toThrow();
  });

  it('reads a notify only when signed, fresh and for the merchant', () => {
    const settings = { mchId: '1900000001', appId: 'wx0001', privateKey: null, certSerial: null, platformPublicKey: null, apiV3Key: 'abcdefghijklmnopqrstuvwxyz012345', apiBase: '' };
    const body = JSON.stringify({ event_type: 'TRANSACTION.SUCCESS', resource: RESOURCE });
    const at = 1_800_000_000;
    const headers = (timestamp: number, text = body) => ({
      'wechatpay-timestamp': String(timestamp), 'wechatpay-nonce': 'n1', 'wechatpay-signature': rsaSign(notifyMessage(String(timestamp), 'n1', text), key),
    });
    // The fixed resource holds no merchant: refused after the signature and decryption passed.
    expect(() => readWechatNotify(settings, publicKey, { headers: headers(at), rawBody: body }, at * 1000)).toThrow(/another merchant/);
    expect(() => readWechatNotify(settings, publicKey, { headers: headers(at - 301), rawBody: body }, at * 1000)).toThrow(/timestamp/);
    expect(() => readWechatNotify(settings, publicKey, { headers: headers(at), rawBody: `${body} ` }, at * 1000)).toThrow(NoticeRefused);
    expect(() => readWechatNotify(settings, publicKey, { headers: {}, rawBody: body }, at * 1000)).toThrow(/no Wechatpay/);
  });
});

describe('trade numbers and amounts', () => {
  it('one trade number per record, read back; amounts as providers write them', () => {
    expect(tradeNoOf(7)).toBe('VIP000007');
    expect(payRecordIdOfTradeNo('VIP000007')).toBe(7);
    expect(payRecordIdOfTradeNo(tradeNoOf(123_456_789))).toBe(123_456_789);
    for (const bad of ['VIP7', 'VIP000000', 'X000007', 'VIP0000a7', '']) expect(payRecordIdOfTradeNo(bad), bad).toBeNull();
    expect(amountText(6000)).toBe('60.00');
    expect(amountText(5)).toBe('0.05');
    expect(centsOfText('60.00')).toBe(6000);
    expect(centsOfText('60.5')).toBe(6050);
    expect(centsOfText('60')).toBe(6000);
    for (const bad of ['60.001', '-1', '1e3', '', 60]) expect(centsOfText(bad), String(bad)).toBeNull();
  });
});

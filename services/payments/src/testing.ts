/**
 * The card providers' local fakes, for other services' tests (each follows its provider's published API; see each
 * file's header for what is confirmed). Never imported by running code.
 */
import { sealSecret } from '@platform/server-kit';
import { startFakeAdyen as adyenFake, FAKE_ADYEN_API_KEY as ADYEN_KEY, FAKE_ADYEN_MERCHANT_ACCOUNT as ADYEN_ACCOUNT } from './adyen/adyen-fake';
import { startFakeAuthorizeNet as authorizeNetFake, FAKE_CLIENT_KEY as ANET_CLIENT, FAKE_LOGIN_ID as ANET_LOGIN, FAKE_TRANSACTION_KEY as ANET_KEY } from './authorize_net/authorize_net-fake';
import { startFakePlugnPay as plugnpayFake, FAKE_PUBLISHER_NAME as PNP_NAME, FAKE_REMOTE_PASSWORD as PNP_PASSWORD } from './plugnpay/plugnpay-fake';
import { startFakeFiserv as fiservFake, FAKE_FISERV_API_KEY as FISERV_KEY, FAKE_FISERV_API_SECRET as FISERV_SECRET } from './fiserv/fiserv-fake';

export { startFakeAdyen, signNotificationItem, FAKE_ADYEN_API_KEY, FAKE_ADYEN_MERCHANT_ACCOUNT, FAKE_ADYEN_HMAC_KEY, type FakeAdyen, type FakeModification } from './adyen/adyen-fake';
export {
  startFakeAuthorizeNet, FAKE_CLIENT_KEY, FAKE_LOGIN_ID, FAKE_TRANSACTION_KEY, FAKE_SIGNATURE_KEY, TEST_CARDS as AUTHORIZE_NET_TEST_CARDS, type FakeAuthorizeNet,
} from './authorize_net/authorize_net-fake';
export { startFakePlugnPay, FAKE_PUBLISHER_NAME, FAKE_REMOTE_PASSWORD, type FakePlugnPay } from './plugnpay/plugnpay-fake';
export {
  startFakeFiserv, readConnectReturn, FAKE_FISERV_API_KEY, FAKE_FISERV_API_SECRET, FAKE_CONNECT_STORE, FAKE_CONNECT_SHARED_SECRET, CONNECT_CARD_FIELD,
  FISERV_TEST_CARDS, type FakeFiserv,
} from './fiserv/fiserv-fake';

/** The providers with a local fake (Stripe has its stand-in). */
export type FakedProvider = 'adyen' | 'authorize_net' | 'plugnpay' | 'fiserv';

/** Each faked provider's payment settings as a store owner saves them in test mode (secrets sealed), pointed at its fake by startProviderFakes. */
export const fakeProviderSettings = (): Record<FakedProvider, object> => ({
  adyen: { environment: 'test', merchant_account: ADYEN_ACCOUNT, origin_key: 'test_ABCDEFGHIJKLMNOPQRSTUVWX', api_key: sealSecret(ADYEN_KEY) },
  authorize_net: { is_live: false, login_id: ANET_LOGIN, client_key: ANET_CLIENT, transaction_key: sealSecret(ANET_KEY) },
  plugnpay: { username: PNP_NAME, password: sealSecret(PNP_PASSWORD), currency: 'USD' },
  fiserv: { is_live: false, api_key: sealSecret(FISERV_KEY), api_secret: sealSecret(FISERV_SECRET) },
});

/**
 * Starts every faked provider's fake and points the adapters at them (their `*_API_BASE`); close() stops them and
 * puts the addresses back as they were.
 */
export async function startProviderFakes() {
  const [adyen, authorizeNet, plugnpay, fiserv] = await Promise.all([adyenFake(), authorizeNetFake(), plugnpayFake(), fiservFake()]);
  const bases = { ADYEN_API_BASE: adyen.url, AUTHORIZE_NET_API_BASE: authorizeNet.url, PLUGNPAY_API_BASE: plugnpay.url, FISERV_API_BASE: fiserv.apiBase };
  const previous = Object.fromEntries(Object.keys(bases).map((name) => [name, process.env[name]]));
  Object.assign(process.env, bases);
  return {
    adyen, authorizeNet, plugnpay, fiserv,
    async close() {
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await Promise.all([adyen, authorizeNet, plugnpay, fiserv].map((fake) => fake.close()));
    },
  };
}

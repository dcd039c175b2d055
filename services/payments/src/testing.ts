/**
 * The card providers' local fakes, for other services' tests (each follows its provider's published API; see each
 * file's header for what is confirmed). Never imported by running code.
 */
export { startFakeAdyen, signNotificationItem, FAKE_ADYEN_API_KEY, FAKE_ADYEN_MERCHANT_ACCOUNT, FAKE_ADYEN_HMAC_KEY, type FakeAdyen } from './adyen/adyen-fake';
export {
  startFakeAuthorizeNet, FAKE_CLIENT_KEY, FAKE_LOGIN_ID, FAKE_TRANSACTION_KEY, FAKE_SIGNATURE_KEY, TEST_CARDS as AUTHORIZE_NET_TEST_CARDS, type FakeAuthorizeNet,
} from './authorize_net/authorize_net-fake';
export { startFakePlugnPay, FAKE_PUBLISHER_NAME, FAKE_REMOTE_PASSWORD, type FakePlugnPay } from './plugnpay/plugnpay-fake';
export {
  startFakeFiserv, readConnectReturn, FAKE_FISERV_API_KEY, FAKE_FISERV_API_SECRET, FAKE_CONNECT_STORE, FAKE_CONNECT_SHARED_SECRET, CONNECT_CARD_FIELD,
  FISERV_TEST_CARDS, type FakeFiserv,
} from './fiserv/fiserv-fake';

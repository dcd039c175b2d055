import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FAKE_CLIENT_KEY, FAKE_LOGIN_ID, FAKE_TRANSACTION_KEY, startFakeAuthorizeNet, TEST_CARDS, type FakeAuthorizeNet } from './authorize_net-fake';

// The fake's own rules, asked directly over HTTP as the API is (JSON, one root element, a byte order mark before the answer).
let fake: FakeAuthorizeNet;
beforeAll(async () => { fake = await startFakeAuthorizeNet(); });
afterAll(async () => { await fake?.close(); });

const auth = { name: FAKE_LOGIN_ID, transactionKey: FAKE_TRANSACTION_KEY };
async function post(body: unknown): Promise<any> {
  const response = await fetch(`${fake.url}/xml/v1/request.api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const bytes = Buffer.from(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return JSON.parse(bytes.subarray(3).toString('utf8'));
}
const transaction = (transactionRequest: unknown) => post({ createTransactionRequest: { merchantAuthentication: auth, transactionRequest } });

describe('Authorize.Net fake', () => {
  test('credentials and required elements are checked as the API does', async () => {
    expect(await post({ getTransactionDetailsRequest: { merchantAuthentication: { name: FAKE_LOGIN_ID, transactionKey: 'nope' }, transId: '1' } }))
      .toEqual({ messages: { resultCode: 'Error', message: [{ code: 'E00007', text: 'User authentication failed due to invalid authentication values.' }] } });
    expect((await post({ getTransactionDetailsRequest: { transId: '1' } })).messages.message[0].code).toBe('E00003');
    expect((await post({ getTransactionDetailsRequest: { merchantAuthentication: auth } })).messages.message[0].code).toBe('E00003');
    expect((await post({ getTransactionDetailsRequest: { merchantAuthentication: auth, transId: '1' } })).messages.message[0].code).toBe('E00040');
    expect((await post({ createCustomerProfileRequest: { merchantAuthentication: auth, profile: {} } })).messages.message[0].code).toBe('E00041');
  });

  test('Accept.js nonce from securePaymentContainerRequest with the client key; a refund only after settlement and never above what was captured; voids before settlement', async () => {
    const container = await post({ securePaymentContainerRequest: { merchantAuthentication: { name: FAKE_LOGIN_ID, clientKey: FAKE_CLIENT_KEY }, data: { type: 'TOKEN', id: 'x', token: { cardNumber: TEST_CARDS.visa, expirationDate: '1230', cardCode: '900' } } } });
    expect(container.opaqueData).toMatchObject({ dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: expect.any(String) });
    const authorized = await transaction({ transactionType: 'authOnlyTransaction', amount: '30.00', payment: { opaqueData: container.opaqueData } });
    expect(authorized).toMatchObject({ messages: { resultCode: 'Ok' }, transactionResponse: { responseCode: '1', accountNumber: 'XXXX1111', accountType: 'Visa' } });
    const id = authorized.transactionResponse.transId;
    expect((await transaction({ transactionType: 'priorAuthCaptureTransaction', amount: '30.01', refTransId: id })).transactionResponse.errors[0].errorCode).toBe('47');
    expect((await transaction({ transactionType: 'priorAuthCaptureTransaction', amount: '20.00', refTransId: id })).transactionResponse.responseCode).toBe('1');
    const card = { creditCard: { cardNumber: '1111', expirationDate: 'XXXX' } };
    expect((await transaction({ transactionType: 'refundTransaction', amount: '5.00', payment: card, refTransId: id })).transactionResponse.errors[0].errorCode).toBe('54');
    fake.settle();
    expect((await transaction({ transactionType: 'voidTransaction', refTransId: id })).transactionResponse.responseCode).toBe('3');
    const over = await transaction({ transactionType: 'refundTransaction', amount: '20.01', payment: card, refTransId: id });
    expect(over).toMatchObject({ messages: { resultCode: 'Error', message: [{ code: 'E00027' }] }, transactionResponse: { responseCode: '3', errors: [{ errorCode: '55' }] } });
    expect((await transaction({ transactionType: 'refundTransaction', amount: '20.00', payment: { creditCard: { cardNumber: '4242', expirationDate: 'XXXX' } }, refTransId: id })).transactionResponse.errors[0].errorCode).toBe('54');
    expect((await transaction({ transactionType: 'refundTransaction', amount: '20.00', payment: card, refTransId: id })).transactionResponse.responseCode).toBe('1');
  });

  test('the duplicate window: a repeat is reason 11, with the original id only when the window was sent', async () => {
    const request = (token: string, window?: string) => ({
      transactionType: 'authOnlyTransaction', amount: '12.00', payment: { opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: token } },
      order: { invoiceNumber: 'INV-1' }, ...(window ? { transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: window }] } } : {}),
    });
    const first = await transaction(request(fake.tokenFor(TEST_CARDS.visa), '600'));
    const repeat = await transaction(request(fake.tokenFor(TEST_CARDS.visa), '600'));
    expect(repeat.transactionResponse).toMatchObject({ responseCode: '3', errors: [{ errorCode: '11' }], transId: first.transactionResponse.transId });
    const other = await transaction(request(fake.tokenFor(TEST_CARDS.mastercard)));
    expect((await transaction(request(fake.tokenFor(TEST_CARDS.mastercard)))).transactionResponse).toMatchObject({ errors: [{ errorCode: '11' }], transId: '0' });
    expect(other.transactionResponse.responseCode).toBe('1');
  });
});

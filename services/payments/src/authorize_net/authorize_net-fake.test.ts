import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  AVS_BY_ZIP, CVV_BY_CODE, FAKE_CLIENT_KEY, FAKE_LOGIN_ID, FAKE_TRANSACTION_KEY, startFakeAuthorizeNet, TEST_CARDS, type FakeAuthorizeNet,
} from './authorize_net-fake';

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

  test("the testing guide's triggers: the billing ZIP sets the AVS answer or declines, the card code sets the CVV answer", async () => {
    const accept = async (token: Record<string, string>) => (await post({
      securePaymentContainerRequest: { merchantAuthentication: { name: FAKE_LOGIN_ID, clientKey: FAKE_CLIENT_KEY }, data: { type: 'TOKEN', id: 'x', token: { cardNumber: TEST_CARDS.visa, expirationDate: '1230', ...token } } },
    })).opaqueData;
    // Each hold its own invoice number, so none is a duplicate of another.
    let invoice = 0;
    const hold = (payment: unknown, extra: Record<string, unknown> = {}) => transaction({ transactionType: 'authOnlyTransaction', amount: '9.00', payment, order: { invoiceNumber: `TRIG-${++invoice}` }, ...extra });

    // What the shopper typed into Accept's form travels in the nonce.
    const mismatched = await hold({ opaqueData: await accept({ cardCode: '901', zip: '46205' }) });
    expect(mismatched).toMatchObject({ messages: { resultCode: 'Ok' }, transactionResponse: { responseCode: '1', avsResultCode: 'N', cvvResultCode: 'N', accountNumber: 'XXXX1111', accountType: 'Visa' } });
    const details = await post({ getTransactionDetailsRequest: { merchantAuthentication: auth, transId: mismatched.transactionResponse.transId } });
    expect(details.transaction).toMatchObject({ AVSResponse: 'N', cardCodeResponse: 'N' });

    // The request's billTo wins over the nonce's ZIP; a card number with its card code (the API allows it) too.
    const billed = await hold({ opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: fake.tokenFor(TEST_CARDS.mastercard, '1230', { zip: '46205', cardCode: '900' }) } }, { billTo: { zip: '46201' } });
    expect(billed.transactionResponse).toMatchObject({ responseCode: '1', avsResultCode: 'A', cvvResultCode: 'M' });
    for (const [zip, letter] of Object.entries(AVS_BY_ZIP)) {
      expect((await hold({ creditCard: { cardNumber: TEST_CARDS.visa, expirationDate: '2030-12' } }, { billTo: { zip } })).transactionResponse.avsResultCode).toBe(letter);
    }
    for (const [cardCode, letter] of Object.entries(CVV_BY_CODE)) {
      expect((await hold({ creditCard: { cardNumber: TEST_CARDS.visa, expirationDate: '2030-12', cardCode } })).transactionResponse.cvvResultCode).toBe(letter);
    }
    // Nothing typed: no address (B), the card code not processed (P); anything else matches.
    expect((await hold({ opaqueData: await accept({}) })).transactionResponse).toMatchObject({ responseCode: '1', avsResultCode: 'B', cvvResultCode: 'P' });
    expect((await hold({ opaqueData: await accept({ cardCode: '123', zip: '97201' }) })).transactionResponse).toMatchObject({ responseCode: '1', avsResultCode: 'Y', cvvResultCode: 'M' });

    // ZIP 46282: the bank's general decline, in the published shape.
    const declined = await hold({ opaqueData: await accept({ zip: '46282' }) });
    expect(declined).toMatchObject({
      messages: { resultCode: 'Error', message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }] },
      transactionResponse: { responseCode: '2', errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }], accountNumber: 'XXXX1111' },
    });
    expect(declined.transactionResponse.messages).toBeUndefined();
    expect(fake.transaction(declined.transactionResponse.transId)).toMatchObject({ status: 'declined', authCents: 0 });

    // A capture answers no checks of its own (AVS P, no CVV letter).
    const captured = await transaction({ transactionType: 'priorAuthCaptureTransaction', refTransId: mismatched.transactionResponse.transId });
    expect(captured.transactionResponse).toMatchObject({ responseCode: '1', avsResultCode: 'P', cvvResultCode: '' });
  });
});

import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import styled from 'styled-components';
import { ACCEPT_UI_SCRIPT, ADYEN_WEB_SCRIPT, HOSTED_PAGE_TOKEN, PROVIDER_TEST_CARDS, type CardFormChoice } from '@platform/domain';
import { CARD_FORM_NOT_LOADED, StripeCardField, type CardForm } from './stripe-card-field';

const Box = styled.div`
  display: grid; gap: 6px; margin: 4px 0 4px 24px; max-width: 420px;
  select { font: inherit; padding: 6px; max-width: 320px; }
  .card-box { border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 4px; padding: 10px; min-height: 20px; background: #fff; }
`;

const CARD_INCOMPLETE = 'Please complete your card details.';
const ENTER_CARD_FIRST = "Please enter your card in the card form first (Enter card details).";

/** Adds a provider's script to the page once; resolves when it has run. */
function loadScript(src: string): Promise<void> {
  const present = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
  if (present?.dataset.loaded === 'true') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = present ?? Object.assign(document.createElement('script'), { src, async: true });
    script.addEventListener('load', () => { script.dataset.loaded = 'true'; resolve(); });
    script.addEventListener('error', () => reject(new Error(`${src} did not load`)));
    if (!present) document.head.appendChild(script);
  });
}

/** Adyen Web's card component, as much of it as the step uses. */
export interface AdyenCardComponent { mount(el: HTMLElement): unknown; unmount?(): void; showValidation?(): void }
export interface AdyenCheckoutInstance { create(type: 'card', options: { onChange(state: { isValid: boolean; data: { paymentMethod: unknown } }): void }): AdyenCardComponent }
/** Accept UI's answer to its hosted form (Authorize.Net): the nonce, or its messages. */
/**
 * What Accept UI hands its response handler: the nonce (opaqueData, which carries the billing ZIP typed into the form),
 * and with billing fields shown the names typed (customerInformation; not used: the order has the contact's name).
 */
export interface AcceptUiResponse {
  opaqueData?: { dataDescriptor: string; dataValue: string };
  customerInformation?: { firstName?: string; lastName?: string };
  messages: { resultCode: 'Ok' | 'Error'; message: { code: string; text: string }[] };
}

/**
 * Accept UI's billing fields (name and ZIP) shown, not required: the ZIP goes to the bank inside the nonce for its
 * address check (AVS), which a form without it leaves unchecked (avsResultCode B).
 */
export const ACCEPT_BILLING_OPTIONS = '{"show":true,"required":false}';

/**
 * The providers' browser scripts, loaded from the provider only when a live card form opens (the tests put stand-ins
 * here). The page's policy lets in the chosen provider's script origin alone (docs/SECURITY-HEADERS.md).
 */
export const providerScripts = {
  adyen: async (clientKey: string): Promise<AdyenCheckoutInstance> => {
    await loadScript(ADYEN_WEB_SCRIPT);
    const AdyenCheckout = (window as unknown as { AdyenCheckout?: (o: object) => Promise<AdyenCheckoutInstance> }).AdyenCheckout;
    if (!AdyenCheckout) throw new Error('Adyen Web is not there');
    return AdyenCheckout({ environment: 'live', clientKey, analytics: { enabled: false } });
  },
  /** Accept UI finds its buttons (class AcceptUI) when it loads, so the button is on the page first. */
  acceptUi: (): Promise<void> => loadScript(ACCEPT_UI_SCRIPT),
};

/**
 * The card part of the Payment step for the store's provider (one form per provider, chosen here). In test mode
 * the provider's test cards stand for its form; live, the card is typed only into the provider's own fields
 * (Stripe Elements, Adyen's card component, Authorize.Net's Accept form) and Place order gets the provider's token,
 * or on its hosted payment page (Fiserv Connect), where Place order sends the shopper.
 */
export const CardEntry = forwardRef<CardForm, { form: CardFormChoice }>(function CardEntry({ form }, ref) {
  if (form.testMode) return <TestCardField ref={ref} form={form} />;
  if (form.provider === 'stripe') return <StripeCardField ref={ref} publishableKey={form.publicKey} />;
  if (form.provider === 'adyen') return <AdyenCardField ref={ref} clientKey={form.publicKey} />;
  if (form.provider === 'authorize_net') return <AcceptCardField ref={ref} loginId={form.loginId} clientKey={form.publicKey} />;
  return <HostedPageField ref={ref} form={form} />;
});

/** A hosted payment page (Fiserv Connect): Place order takes the shopper there; the card is typed on the provider's page. */
const HostedPageField = forwardRef<CardForm, { form: CardFormChoice }>(function HostedPageField({ form }, ref) {
  const token = HOSTED_PAGE_TOKEN[form.provider];
  useImperativeHandle(ref, () => ({ tokenize: async () => (token ? { token } : { error: CARD_FORM_NOT_LOADED }) }), [token]);
  return (
    <Box>
      <span>Place the order to enter your card on {form.name}&apos;s secure payment page: this store never sees its number. You come back here when it is paid.</span>
    </Box>
  );
});

/** Test mode: the provider's test cards, each the token its form would give (no script from the provider, no money moves). */
const TestCardField = forwardRef<CardForm, { form: CardFormChoice }>(function TestCardField({ form }, ref) {
  const cards = PROVIDER_TEST_CARDS[form.provider];
  const [testCard, setTestCard] = useState(cards[0].token);
  useImperativeHandle(ref, () => ({ tokenize: async () => ({ token: testCard }) }), [testCard]);
  return (
    <Box>
      <span>This store takes cards in test mode: choose one of {form.name}&apos;s test cards. No money moves.</span>
      <select aria-label="Test card" value={testCard} onChange={(e) => setTestCard(e.target.value)}>
        {cards.map((c) => <option key={c.label} value={c.token}>{c.label}</option>)}
      </select>
    </Box>
  );
});

/** Adyen's card component (Adyen Web): its token is the component's paymentMethod, as JSON (encrypted fields only). */
const AdyenCardField = forwardRef<CardForm, { clientKey: string }>(function AdyenCardField({ clientKey }, ref) {
  const box = useRef<HTMLDivElement>(null);
  const component = useRef<AdyenCardComponent | null>(null);
  const state = useRef<{ isValid: boolean; paymentMethod: unknown }>({ isValid: false, paymentMethod: null });
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let gone = false;
    providerScripts.adyen(clientKey).then((checkout) => {
      if (gone || !box.current) return;
      const card = checkout.create('card', { onChange: (s) => { state.current = { isValid: s.isValid, paymentMethod: s.data.paymentMethod }; } });
      card.mount(box.current);
      component.current = card;
      setStatus('ready');
    }, () => { if (!gone) setStatus('failed'); });
    return () => { gone = true; component.current?.unmount?.(); component.current = null; };
  }, [clientKey]);

  useImperativeHandle(ref, () => ({
    async tokenize() {
      if (!component.current) return { error: CARD_FORM_NOT_LOADED };
      if (!state.current.isValid || !state.current.paymentMethod) { component.current.showValidation?.(); return { error: CARD_INCOMPLETE }; }
      return { token: JSON.stringify(state.current.paymentMethod) };
    },
  }), []);

  return (
    <Box>
      <span id="adyen-card-label">Card details</span>
      {status === 'loading' ? <span role="status">Loading the secure card form…</span> : null}
      {status === 'failed' ? <span role="alert">{CARD_FORM_NOT_LOADED}</span> : null}
      <div ref={box} role="group" aria-labelledby="adyen-card-label" hidden={status === 'failed'} />
      <small>Your card is entered on Adyen&apos;s secure form: this store never sees its number.</small>
    </Box>
  );
});

/**
 * Authorize.Net's hosted payment information form (Accept UI): 'Enter card details' opens Authorize.Net's own form
 * over the page, with its billing name and ZIP fields (ACCEPT_BILLING_OPTIONS); it answers an Accept nonce (opaque
 * data), kept for Place order. A nonce is good once: after an attempt the shopper enters the card again.
 */
const AcceptCardField = forwardRef<CardForm, { loginId: string; clientKey: string }>(function AcceptCardField({ loginId, clientKey }, ref) {
  const handlerName = `acceptResponse${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const nonce = useRef<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [entered, setEntered] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let gone = false;
    const scope = window as unknown as Record<string, unknown>;
    scope[handlerName] = (response: AcceptUiResponse) => {
      if (response.messages.resultCode === 'Ok' && response.opaqueData) {
        nonce.current = response.opaqueData.dataValue;
        setProblem(null);
        setEntered('Your card is ready. Place the order to pay.');
      } else {
        nonce.current = null;
        setEntered(null);
        setProblem(response.messages.message[0]?.text ?? CARD_INCOMPLETE);
      }
    };
    providerScripts.acceptUi().then(() => { if (!gone) setStatus('ready'); }, () => { if (!gone) setStatus('failed'); });
    return () => { gone = true; delete scope[handlerName]; };
  }, [handlerName]);

  useImperativeHandle(ref, () => ({
    async tokenize() {
      if (status === 'failed') return { error: CARD_FORM_NOT_LOADED };
      const token = nonce.current;
      if (!token) return { error: ENTER_CARD_FIRST };
      nonce.current = null;
      setEntered(null);
      return { token };
    },
  }), [status]);

  return (
    <Box>
      {status === 'failed' ? <span role="alert">{CARD_FORM_NOT_LOADED}</span> : (
        <button type="button" className="AcceptUI" data-billingaddressoptions={ACCEPT_BILLING_OPTIONS} data-apiloginid={loginId}
          data-clientkey={clientKey} data-acceptuiformbtntxt="Use this card" data-acceptuiformheadertxt="Card details" data-responsehandler={handlerName}
          disabled={status === 'loading'}>
          Enter card details
        </button>
      )}
      {entered ? <span role="status">{entered}</span> : null}
      {problem ? <span role="alert">{problem}</span> : null}
      <small>Your card is entered on Authorize.Net&apos;s secure form: this store never sees its number.</small>
    </Box>
  );
});

import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useLocation } from '@platform/routing';
import { errorMessage, fieldErrors, storefrontApi } from '@platform/api-client';
import { newsletterConsentText, newsletterProblems } from '@platform/domain';
import { focusFirstInvalid } from '@platform/ui';

const Form = styled.form`
  display: grid; gap: 8px; max-width: 420px;
  .row { display: flex; gap: 8px; }
  input[type='email'] { flex: 1; min-width: 0; font: inherit; padding: 8px 10px; border-radius: 4px; border: 1px solid rgba(255,255,255,.5); }
  button { font: inherit; font-weight: 700; padding: 8px 14px; border-radius: 4px; border: 1px solid currentColor; background: transparent; color: inherit; cursor: pointer; }
  button:disabled { opacity: .6; cursor: default; }
  .consent { display: flex; gap: 8px; align-items: flex-start; font-size: 0.85rem; }
  .consent input { margin-top: 3px; }
  .problem { font-size: 0.85rem; font-weight: 700; margin: 0; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

/**
 * The footer's newsletter sign-up: an e-mail address and the consent box (both checked here first, then by the
 * server), the server's confirmation in place of the form, its problems beside their fields. Its labels say
 * 'email', not 'E-mail': the sign-in form's field keeps the only 'E-mail' label on a page.
 */
export function NewsletterSignUp({ storeName }: { storeName: string }) {
  const { pathname } = useLocation();
  const [signUp, { isLoading }] = storefrontApi.useNewsletterSignUpMutation();
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = newsletterProblems({ email, consent });
    setProblems(found);
    if (Object.keys(found).length) { focusFirstInvalid(form.current); return; }
    try {
      setDone((await signUp({ email: email.trim(), consent, page: pathname }).unwrap()).message);
    } catch (error) {
      const fields = fieldErrors(error);
      setProblems(fields);
      focusFirstInvalid(form.current);
      if (!Object.keys(fields).length) setFailure(errorMessage(error, 'We could not sign you up just now. Please try again.'));
    }
  };

  return (
    <section aria-labelledby="newsletter-title">
      <h3 id="newsletter-title">Sign up for our newsletter</h3>
      {done ? <p role="status">{done}</p> : (
        <Form ref={form} onSubmit={(e) => void submit(e)} noValidate>
          <div className="row">
            <label htmlFor="newsletter-email" className="sr-only">Newsletter email address</label>
            <input id="newsletter-email" type="email" autoComplete="email" placeholder="Your email address" value={email} onChange={(e) => setEmail(e.target.value)}
              aria-invalid={Boolean(problems.email)} aria-describedby={problems.email ? 'newsletter-email-problem' : undefined} maxLength={254} />
            <button type="submit" disabled={isLoading}>{isLoading ? 'Subscribing…' : 'Subscribe'}</button>
          </div>
          {problems.email ? <p id="newsletter-email-problem" className="problem" role="alert">{problems.email}</p> : null}
          <label className="consent">
            <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)}
              aria-invalid={Boolean(problems.consent)} aria-describedby={problems.consent ? 'newsletter-consent-problem' : undefined} />
            <span>{newsletterConsentText(storeName)}</span>
          </label>
          {problems.consent ? <p id="newsletter-consent-problem" className="problem" role="alert">{problems.consent}</p> : null}
          {failure ? <p className="problem" role="alert">{failure}</p> : null}
        </Form>
      )}
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PAGE_RATING_LABELS } from '@platform/domain';
import { errorMessage, notify, offlineOrdersApi } from '@platform/api-client';
import { Button, Card, Field } from '@platform/ui';

const Box = styled(Card).attrs({ as: 'form' })`
  margin-top: 24px;
  fieldset { border: 0; padding: 0; margin: 0 0 12px; }
  legend { font-weight: 600; margin-bottom: 8px; }
  .stars { display: flex; flex-wrap: wrap; gap: 6px 16px; }
`;

/**
 * 'rate-page' (spec 3 §7): a staff member rates how useful the Offline Orders page is, 1 to 5 stars with an
 * optional comment; rating again replaces theirs. Shows their rating and the store's staff's average.
 */
export function RatePage() {
  const { data } = offlineOrdersApi.useOfflinePageRatingQuery();
  const [rate, { isLoading }] = offlineOrdersApi.useRateOfflinePageMutation();
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const chosen = stars ?? data?.rating ?? null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) { setProblem('Please choose from 1 to 5 stars.'); return; }
    setProblem('');
    try {
      const answer = await rate({ rating: chosen, comment: comment ?? data?.comment ?? '' }).unwrap();
      notify('success', answer.message);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <Box onSubmit={(e: FormEvent) => void submit(e)} aria-labelledby="rate-title" noValidate>
      <h2 id="rate-title" style={{ marginTop: 0 }}>How useful is this page?</h2>
      {data?.count ? <p>Your store's staff rate it {data.average} of 5 ({data.count === 1 ? '1 rating' : `${data.count} ratings`}).{data.rating ? ` Your rating: ${data.rating} of 5.` : ''}</p> : null}
      <fieldset>
        <legend>Your rating</legend>
        <div className="stars">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n}><input type="radio" name="page-rating" checked={chosen === n} onChange={() => setStars(n)} /> {'★'.repeat(n)} <span>{n} – {PAGE_RATING_LABELS[n]}</span></label>
          ))}
        </div>
      </fieldset>
      <Field>Comment (optional)<textarea rows={2} maxLength={1000} value={comment ?? data?.comment ?? ''} onChange={(e) => setComment(e.target.value)} /></Field>
      {problem ? <p role="alert">{problem}</p> : null}
      <Button type="submit" $variant="secondary" disabled={isLoading}>{isLoading ? 'Sending…' : data?.rating ? 'Update my rating' : 'Send my rating'}</Button>
    </Box>
  );
}

import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '@platform/routing';
import styled from 'styled-components';
import { cartApi } from '@platform/api-client';
import { Card, Container, EmptyState, ErrorNotice, Loading, PageTitle } from '@platform/ui';
import { Countdown } from '../../components/countdown';
import { PromoApplied, PromotionOffer, usePromotionRedeem } from './promotion-bits';

const List = styled.ul`
  display: grid; gap: 16px; padding: 0; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  li { list-style: none; }
  h2 { margin: 0 0 4px; font-size: 1.2rem; }
  .discount { font-size: 1.5rem; font-weight: 800; color: ${(p) => p.theme.colors.primary}; margin: 0 0 8px; }
`;

/** /promotions: every promotion in force, soonest ending first. */
export function PromotionsPage() {
  const { data: promotions, isLoading, isError, refetch } = cartApi.usePromotionsQuery();
  return (
    <Container>
      <PageTitle>Promotions</PageTitle>
      {isLoading ? <Loading label="Loading promotions…" /> : null}
      {isError ? <ErrorNotice action={<button type="button" onClick={() => refetch()}>Try again</button>}>We could not load the promotions.</ErrorNotice> : null}
      {promotions && !promotions.length ? <EmptyState title="There are no promotions right now.">Check back soon, or <Link to="/">keep shopping</Link>.</EmptyState> : null}
      {promotions?.length ? (
        <List>
          {promotions.map((p) => (
            <li key={p.slug}>
              <Card>
                <h2>{p.name}</h2>
                <p className="discount">{p.discount_label}</p>
                {p.description ? <p>{p.description}</p> : null}
                {p.ends_at ? <Countdown endsAt={p.ends_at} onEnd={() => refetch()} /> : null}
                <Link to={`/promotions/single/${p.slug}`} aria-label={`View details of ${p.name}`}>View Details</Link>
              </Card>
            </li>
          ))}
        </List>
      ) : null}
    </Container>
  );
}

/** /promotions/single/{slug}: one promotion; ?promo= redeems it on arrival, quietly if that fails. */
export function PromotionPage() {
  const { slug = '' } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const { data: promotion, isLoading, isError } = cartApi.usePromotionQuery(slug);
  const auto = usePromotionRedeem();
  const tried = useRef(false);
  useEffect(() => {
    if (!promotion || tried.current || !query.has('promo')) return;
    tried.current = true;
    void auto.redeem(promotion.slug, { silent: true });
  }, [promotion]);
  return (
    <Container>
      <p><Link to="/promotions">All promotions</Link></p>
      {isLoading ? <Loading label="Loading the promotion…" /> : null}
      {isError ? <EmptyState title="This promotion has ended or does not exist."><Link to="/promotions">See the current promotions</Link></EmptyState> : null}
      {promotion && auto.state.status === 'done' ? (
        <Card><PromoApplied message={auto.state.message} disclaimer={auto.state.disclaimer} onStart={() => navigate(promotion.popup_redirect_url ?? '/')} /></Card>
      ) : null}
      {promotion && auto.state.status !== 'done' ? <Card><PromotionOffer promotion={promotion} headingId="promotion-title" headingLevel={1} detailsLink={false} /></Card> : null}
    </Container>
  );
}

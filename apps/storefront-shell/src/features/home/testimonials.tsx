import styled from 'styled-components';
import type { HomepageWidget } from '@platform/contracts';
import { ratingStars, TESTIMONIALS_DEFAULT_TITLE } from '@platform/domain';
import { AdminEditLink } from '../../components/admin-edit-link';

const Section = styled.section`
  margin: 32px 0;
  h2 { margin: 0 0 12px; font-size: 1.25rem; }
  ul { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 12px; margin: 0; padding: 0; list-style: none; }
  /* Phones: one row that scrolls sideways, like the product rows. */
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) {
    ul { grid-template-columns: none; grid-auto-flow: column; grid-auto-columns: minmax(240px, 85%); overflow-x: auto; scroll-snap-type: x mandatory; padding-bottom: 8px; }
    li { scroll-snap-align: start; }
  }
  figure { margin: 0; height: 100%; display: flex; flex-direction: column; gap: 8px; padding: 16px; border: 1px solid ${(p) => p.theme.colors.border};
    border-radius: ${(p) => p.theme.radius}; background: ${(p) => p.theme.colors.surface}; }
  .stars { margin: 0; color: ${(p) => p.theme.colors.primary}; font-size: 1.1rem; letter-spacing: 2px; }
  blockquote { margin: 0; flex: 1; overflow-wrap: anywhere; }
  figcaption { font-size: 0.95rem; }
  figure > a { align-self: flex-start; }
  figcaption .role { display: block; color: ${(p) => p.theme.colors.muted}; }
`;

/**
 * A testimonials section (widget type "5"): each card's stars (as text, with the rating in words for screen
 * readers), the customer's words, name and role. An admin who may edit the home page sees an edit icon on
 * each card that opens that card in the card editor.
 */
export function Testimonials({ widget }: { widget: HomepageWidget }) {
  const cards = widget.value.testimonials ?? [];
  const title = widget.value.title || TESTIMONIALS_DEFAULT_TITLE;
  const headingId = `testimonials-${widget.id}-heading`;
  return (
    <Section aria-labelledby={headingId} data-testid={`widget-${widget.id}`}>
      <h2 id={headingId}>{title}</h2>
      <ul>
        {cards.map((card) => {
          const { stars, label } = ratingStars(card.rating);
          return (
            <li key={card.id}>
              <figure>
                <p className="stars" role="img" aria-label={label}>{stars}</p>
                <blockquote>{card.message}</blockquote>
                <figcaption>
                  <strong>{card.author}</strong>
                  {card.role ? <span className="role">{card.role}</span> : null}
                </figcaption>
                <AdminEditLink to={`/admin/settings/widgets?section=${widget.id}&card=${card.id}`} label={`Edit testimonial by ${card.author}`} />
              </figure>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

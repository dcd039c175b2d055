// A home page section of customer testimonials (spec 3 "Testimonial: id, message, author, role, rating"): the rules
// the back office's card editor and the server share, and how the storefront says a rating.

/** One card as the owner writes it; `id` is the card's own within its section (the editor picks max + 1). */
export interface TestimonialInput { id: number; message: string; author: string; role: string; rating: number }
export interface TestimonialsInput { title: string; testimonials: TestimonialInput[] }

/** The section's widget type (HomepageWidget.type). */
export const TESTIMONIALS_WIDGET_TYPE = '5';
/** A section shows a row of cards a shopper can take in at a glance; more is a wall nobody reads. */
export const TESTIMONIALS_MAX = 12;
/** A quote, not a review: about three lines on a card. */
export const TESTIMONIAL_MESSAGE_MAX = 500;
export const TESTIMONIAL_AUTHOR_MAX = 80;
export const TESTIMONIAL_ROLE_MAX = 80;
export const TESTIMONIALS_TITLE_MAX = 80;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The section's heading when the owner leaves it blank. */
export const TESTIMONIALS_DEFAULT_TITLE = 'What Our Customers Say';

export const TESTIMONIAL_MESSAGE_NEEDED = 'Write what the customer said.';
export const TESTIMONIAL_AUTHOR_NEEDED = "Add the customer's name.";
export const TESTIMONIAL_RATING_RANGE = `Choose a rating from ${RATING_MIN} to ${RATING_MAX} stars.`;
export const TOO_MANY_TESTIMONIALS = `A section holds at most ${TESTIMONIALS_MAX} testimonials: remove one before adding another.`;
export const TESTIMONIAL_ID_TAKEN = 'Two testimonials have the same id: reload the page and try again.';
const tooLong = (max: number) => `Keep it to ${max} characters or fewer.`;

/** Field problems, keyed as the API names them (`testimonials.2.message`); {} when the section can be saved. */
export function testimonialsProblems(input: TestimonialsInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (input.title.trim().length > TESTIMONIALS_TITLE_MAX) problems.title = tooLong(TESTIMONIALS_TITLE_MAX);
  if (input.testimonials.length > TESTIMONIALS_MAX) problems.testimonials = TOO_MANY_TESTIMONIALS;
  const seen = new Set<number>();
  input.testimonials.forEach((card, index) => {
    const at = (field: string) => `testimonials.${index}.${field}`;
    if (!Number.isInteger(card.id) || card.id < 1 || seen.has(card.id)) problems[at('id')] = TESTIMONIAL_ID_TAKEN;
    seen.add(card.id);
    const message = card.message.trim();
    if (!message) problems[at('message')] = TESTIMONIAL_MESSAGE_NEEDED;
    else if (message.length > TESTIMONIAL_MESSAGE_MAX) problems[at('message')] = tooLong(TESTIMONIAL_MESSAGE_MAX);
    const author = card.author.trim();
    if (!author) problems[at('author')] = TESTIMONIAL_AUTHOR_NEEDED;
    else if (author.length > TESTIMONIAL_AUTHOR_MAX) problems[at('author')] = tooLong(TESTIMONIAL_AUTHOR_MAX);
    if (card.role.trim().length > TESTIMONIAL_ROLE_MAX) problems[at('role')] = tooLong(TESTIMONIAL_ROLE_MAX);
    if (!Number.isInteger(card.rating) || card.rating < RATING_MIN || card.rating > RATING_MAX) problems[at('rating')] = TESTIMONIAL_RATING_RANGE;
  });
  return problems;
}

/** The section as stored: every text trimmed (checked first with testimonialsProblems). */
export function normalizeTestimonials(input: TestimonialsInput): TestimonialsInput {
  return {
    title: input.title.trim(),
    testimonials: input.testimonials.map((t) => ({ id: t.id, message: t.message.trim(), author: t.author.trim(), role: t.role.trim(), rating: t.rating })),
  };
}

/** The id a new card gets: one more than the highest in the section. */
export const nextTestimonialId = (cards: readonly { id: number }[]) => cards.reduce((max, c) => Math.max(max, c.id), 0) + 1;

/** A rating as a card shows it: filled and empty stars ('★★★★☆'), and the words a screen reader says. */
export function ratingStars(rating: number): { stars: string; label: string } {
  const filled = Math.min(RATING_MAX, Math.max(0, Math.round(rating)));
  return { stars: '★'.repeat(filled) + '☆'.repeat(RATING_MAX - filled), label: `Rated ${filled} out of ${RATING_MAX}` };
}

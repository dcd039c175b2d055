// Home page sections (widgets) and their carousel slides.
import { Type, type Static } from 'typebox';

/** A carousel slide (spec 3 "Carousel slide"); the mobile image shows below 769 px when set. */
export const CarouselSlide = Type.Object({
  image: Type.String(),
  imageMobile: Type.Union([Type.String(), Type.Null()]),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  widthMobile: Type.Union([Type.Integer(), Type.Null()]),
  heightMobile: Type.Union([Type.Integer(), Type.Null()]),
  redirect_url: Type.Union([Type.String(), Type.Null()]),
  alt: Type.String(),
  sequence: Type.Integer(),
});
export type CarouselSlide = Static<typeof CarouselSlide>;

/** The kinds of home page section: "1" HTML block, "2" product row, "4" image carousel, "5" testimonials. */
export const WidgetTypeId = Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('4'), Type.Literal('5')]);
export type WidgetTypeId = Static<typeof WidgetTypeId>;

/** A customer's words on a testimonials section (spec 3 "Testimonial: id, message, author, role, rating"). */
export const Testimonial = Type.Object({
  id: Type.Integer({ minimum: 1, description: "The card's own id within its section" }),
  message: Type.String(),
  author: Type.String(),
  role: Type.String({ description: "Who the customer is ('Contractor', 'Customer since 2019'); empty when none" }),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
});
export type Testimonial = Static<typeof Testimonial>;

/**
 * A homepage section: type "4" a carousel ({title, slides}), "1" an HTML block ({body}, sanitized), "2" a
 * product row ({title, skus} or {title, dept_id | brand_id, limit}), "5" testimonials ({title, testimonials}).
 */
export const HomepageWidget = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: WidgetTypeId,
  loop: Type.Boolean(),
  associatedLocations: Type.Array(Type.Integer()),
  value: Type.Object({
    title: Type.String(),
    slides: Type.Optional(Type.Array(CarouselSlide)),
    body: Type.Optional(Type.String()),
    skus: Type.Optional(Type.Array(Type.String())),
    dept_id: Type.Optional(Type.Integer()),
    brand_id: Type.Optional(Type.Integer()),
    limit: Type.Optional(Type.Integer()),
    testimonials: Type.Optional(Type.Array(Testimonial)),
  }),
});
export type HomepageWidget = Static<typeof HomepageWidget>;

/** A home page section as the admin widgets list shows it: every one, hidden or not, with its place. */
export const AdminWidget = Type.Object({
  id: Type.Integer(), name: Type.String(), type: WidgetTypeId,
  area: Type.Union([Type.Literal(1), Type.Literal(2)]), hidden: Type.Boolean(), associatedLocations: Type.Array(Type.Integer()),
});
export type AdminWidget = Static<typeof AdminWidget>;

/** POST admin/widget/create: a new section at the end of an area (only testimonials have an editor so far). */
export const CreateWidgetBody = Type.Object({
  type: Type.Literal('5', { description: 'Testimonials; the other kinds are added by editors not built yet' }),
  name: Type.Optional(Type.String({ maxLength: 200, description: 'Shown on Home Page Sections only; default Testimonials' })),
  area: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 (default): top of the home page; 2: further down' })),
}, { additionalProperties: false });

/** A testimonials section as its card editor reads and writes it (GET admin/widget/testimonials/{id}, POST admin/widget/testimonials). */
export const TestimonialsSection = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  title: Type.String({ description: "The heading shoppers see; empty: 'What Our Customers Say'" }),
  testimonials: Type.Array(Testimonial),
});
export type TestimonialsSection = Static<typeof TestimonialsSection>;

/** The whole section as the editor has it; bounds beyond the schema's (count, lengths, rating) are libs/domain's (422 names the field). */
export const SaveTestimonialsBody = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  title: Type.String({ maxLength: 1000 }),
  testimonials: Type.Array(Type.Object({
    id: Type.Integer({ minimum: -2147483648, maximum: 2147483647 }),
    message: Type.String({ maxLength: 5000 }),
    author: Type.String({ maxLength: 1000 }),
    role: Type.String({ maxLength: 1000 }),
    rating: Type.Integer({ minimum: -2147483648, maximum: 2147483647 }),
  }, { additionalProperties: false }), { maxItems: 100 }),
}, { additionalProperties: false });

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

/**
 * A homepage section: type "4" a carousel ({title, slides}), "1" an HTML block ({body}, sanitized), "2" a
 * product row ({title, skus} or {title, dept_id | brand_id, limit}).
 */
export const HomepageWidget = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('4')]),
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
  }),
});
export type HomepageWidget = Static<typeof HomepageWidget>;

/** A home page section as the admin widgets list shows it: every one, hidden or not, with its place. */
export const AdminWidget = Type.Object({
  id: Type.Integer(), name: Type.String(), type: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('4')]),
  area: Type.Union([Type.Literal(1), Type.Literal(2)]), hidden: Type.Boolean(), associatedLocations: Type.Array(Type.Integer()),
});
export type AdminWidget = Static<typeof AdminWidget>;

import { Type } from 'typebox';
import { AdminWidget, CreateWidgetBody, SaveTestimonialsBody, TestimonialsSection } from '@platform/contracts';
import { errorAnswers, requirePermission, type ServicePlugin } from '@platform/server-kit';
import { createTestimonialsSection, saveTestimonials, testimonialsForAdmin } from './service';

const tags = ['tenant-settings'];

/** The testimonials section's card editor on Home Page Sections (spec 3 'Testimonial card editor'); edit_landing_page like the list. */
export const testimonialRoutes: ServicePlugin = async (app) => {
  const editLandingPage = requirePermission('edit_landing_page');
  const bearer = [{ bearer: [] }];

  app.post('/admin/widget/create', {
    preHandler: editLandingPage,
    schema: {
      tags, summary: 'Admin: add a testimonials section (no cards yet, so not shown) at the end of a home page area; answers its id and the sections list',
      security: bearer, body: CreateWidgetBody,
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), id: Type.Integer(), data: Type.Array(AdminWidget) }) },
    },
  }, async (request) => createTestimonialsSection(request.ctx, request.body));

  app.get('/admin/widget/testimonials/:id', {
    preHandler: editLandingPage,
    schema: {
      tags, summary: "Admin: a testimonials section's title and cards, hidden or not (404 'Widget not found.' for no such section of this store)",
      security: bearer, params: Type.Object({ id: Type.Integer({ minimum: 1 }) }), response: { 200: Type.Object({ data: TestimonialsSection }) },
    },
  }, async (request) => ({ data: await testimonialsForAdmin(request.ctx, request.params.id) }));

  app.post('/admin/widget/testimonials', {
    preHandler: editLandingPage,
    schema: {
      tags, summary: "Admin: a testimonials section's title and all its cards in order (at most 12; 422 names each bad field and saves nothing; 404 'Widget not found.')",
      security: bearer, body: SaveTestimonialsBody,
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: TestimonialsSection }), ...errorAnswers(422) },
    },
  }, async (request) => saveTestimonials(request.ctx, request.body.id, { title: request.body.title, testimonials: request.body.testimonials }));
};

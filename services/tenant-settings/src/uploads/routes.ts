import multipart from '@fastify/multipart';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { Type } from 'typebox';
import {
  IMAGE_ADDRESS_MAX, IMAGE_FETCH_MAX_REDIRECTS, IMAGE_FETCH_TIMEOUT_MS, IMAGE_MISSING, IMAGE_TOO_LARGE, IMAGE_UPLOAD_MAX_BYTES, IMAGE_THUMB_SIZE, IMAGE_UPLOADED, UPLOAD_IMAGE_TYPES, imageAddressProblem, uploadedImagePath,
} from '@platform/domain';
import { AppError, errorAnswers, requirePermission, storeLinkOrigin, tooManyAttempts, type ServicePlugin } from '@platform/server-kit';
import { fetchImageByAddress } from './fetch-image';
import { keepUploadedImage, uploadedImage, uploadedThumbnail } from './images';

const tags = ['tenant-settings'];
const Uploaded = Type.Object({ status: Type.Literal('success'), url: Type.String({ format: 'uri' }), message: Type.String() });
const FETCH_WINDOW_S = 60 * 60;
const NOT_MULTIPART = 'Send the image as multipart/form-data, in the field "image".';

/** What reading the multipart body failed on, as the one error body: too large 413, not multipart 415, else 400. */
function partFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('too_large', IMAGE_TOO_LARGE, { image: [IMAGE_TOO_LARGE] });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('too_large', 'Send one image at a time.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('unsupported', NOT_MULTIPART);
  // A body that is not well-formed multipart (no boundary, cut short): the caller's to fix.
  return new AppError('invalid', 'The given data was invalid.');
}

/**
 * Image uploads for the About Us page and the sharing image (spec 3 §7 About: about-us/upload, and
 * admin/upload-image-from-url for an image on another site), and the public
 * address they are served at. The multipart parser is registered here only: every other route still refuses a
 * multipart body (415).
 */
export const imageUploadRoutes: ServicePlugin = async (app) => {
  await app.register(multipart, {
    // One file, a few small fields; a file over the limit fails (413) instead of being cut short.
    limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 50 },
    throwFileSizeLimit: true,
  });

  app.post('/about-us/upload', {
    preHandler: requirePermission('edit_about_us'),
    // The body is read from the stream in the handler (its checks are the ones below); the schema documents it.
    validatorCompiler: () => () => true,
    schema: {
      tags, security: [{ bearer: [] }], consumes: ['multipart/form-data'],
      summary: `Admin: upload a PNG, JPEG, WebP or GIF image of at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB (field 'image'; its bytes decide the type, not its name) for About Us or the sharing image; answers the web address it is served at. 413: over the limit; 415: not such an image or not multipart; 422: no file`,
      body: Type.Object({ image: Type.String({ format: 'binary', description: 'The image file' }) }),
      response: { 200: Uploaded, ...errorAnswers(413, 415, 422) },
    },
  }, async (request) => {
    let file: { filename: string; data: Buffer } | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname === 'image' && !file) file = { filename: part.filename, data: await part.toBuffer() };
        else part.file.resume(); // another file field: read past it
      }
    } catch (error) {
      throw partFailure(error);
    }
    if (!file) throw new AppError('unprocessable', IMAGE_MISSING, { image: [IMAGE_MISSING] });
    const kept = await keepUploadedImage(request.ctx, file);
    return { status: 'success' as const, url: `${await storeLinkOrigin(request)}${uploadedImagePath(kept.id, kept.name)}`, message: IMAGE_UPLOADED };
  });

  // IMAGE_FETCH_LIMIT changes the 60 images a store may fetch by address in an hour (each fetch makes the server
  // download up to 5 MB from elsewhere).
  const fetches = new RateLimiterRedis({
    storeClient: app.resources.redis, keyPrefix: `${app.resources.queuePrefix}:rate:image-by-address`, points: Number(process.env.IMAGE_FETCH_LIMIT ?? 60), duration: FETCH_WINDOW_S,
  });

  app.post('/admin/upload-image-from-url', {
    preHandler: requirePermission('edit_about_us'),
    schema: {
      tags, security: [{ bearer: [] }],
      summary: `Admin: add an image by its web address (http or https): the store fetches it once (no private or local network address, at most ${IMAGE_FETCH_MAX_REDIRECTS} redirects, ${IMAGE_FETCH_TIMEOUT_MS / 1000} s, ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB) and keeps its own copy, with the checks of about-us/upload; answers the web address the copy is served at. 413: over the limit; 415: not a PNG, JPEG, WebP or GIF image; 422: not such an address, a private one, or it could not be fetched; 429: too many fetches this hour`,
      body: Type.Object({ url: Type.String({ maxLength: IMAGE_ADDRESS_MAX, description: 'The web address of the image, e.g. https://example.com/photos/shop.jpg' }) }),
      response: { 200: Uploaded, ...errorAnswers(413, 415, 422, 429) },
    },
  }, async (request) => {
    const problem = imageAddressProblem(request.body.url);
    if (problem) throw new AppError('unprocessable', problem, { url: [problem] });
    try {
      await fetches.consume(request.ctx.tenantId);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw tooManyAttempts(error.msBeforeNext);
    }
    const kept = await keepUploadedImage(request.ctx, await fetchImageByAddress(request.body.url), 'url');
    return { status: 'success' as const, url: `${await storeLinkOrigin(request)}${uploadedImagePath(kept.id, kept.name)}`, message: IMAGE_UPLOADED };
  });

  const Params = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }), name: Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$' }) });
  const imageTypes = [...UPLOAD_IMAGE_TYPES];
  const imageContent = (description: string, types: string[]) => ({ description, content: Object.fromEntries(types.map((type) => [type, { schema: Type.String({ format: 'binary' }) }])) });
  // Its content never changes (a new upload gets a new id), so browsers and CDNs may keep it for a year.
  const IMMUTABLE = 'public, max-age=31536000, immutable';

  app.get('/about-us/images/:id/:name', {
    schema: {
      tags, summary: 'An image the store uploaded, as uploaded (public; its content never changes, so browsers and CDNs may keep it for a year)',
      params: Params,
      response: { 200: imageContent('The image', imageTypes) },
    },
  }, async (request, reply) => {
    const image = await uploadedImage(request.ctx, request.params.id, request.params.name);
    return reply.type(image.contentType).header('cache-control', IMMUTABLE).send(image.data as unknown as string);
  });

  app.get('/about-us/images/:id/thumbnail/:name', {
    schema: {
      tags, summary: `The thumbnail of an image the store uploaded (public): a WebP at most ${IMAGE_THUMB_SIZE} pixels on a side, which the back office shows where it lists images; the image itself when it is that small already`,
      params: Params,
      response: { 200: imageContent('The thumbnail', ['image/webp', ...imageTypes.filter((t) => t !== 'image/webp')]) },
    },
  }, async (request, reply) => {
    const image = await uploadedThumbnail(request.ctx, request.params.id, request.params.name);
    return reply.type(image.contentType).header('cache-control', IMMUTABLE).send(image.data as unknown as string);
  });
};

import mongoose, { Schema } from 'mongoose';
import { scoped, tenantOwned } from '@platform/db';
import { IMAGE_EMPTY, IMAGE_NOT_SUPPORTED, imageTypeOf, uploadedImageOf, uploadFileName, type UploadImageType } from '@platform/domain';
import { AppError, type RequestContext } from '@platform/server-kit';
import { fitWidth } from './fit-width';
import { thumbnailOf } from './thumbnail';

/**
 * An image the store uploaded (About Us photos, the sharing image), kept as shipping labels' files are: the bytes in
 * a tenant-owned document of the database, read by `_id` only, so every API process serves it and it outlives a
 * restart. docs/UPLOADS.md says what a production deployment would change (object storage).
 */
const uploadedImageSchema = new Schema({
  contentType: { type: String, required: true },
  name: { type: String, required: true },
  size: { type: Number, required: true },
  data: { type: Buffer, required: true },
  uploadedAt: { type: Date, required: true },
  uploadedBy: { type: String, default: null },
  // A WebP copy at most 320 pixels on a side (thumbnailOf); none when the image is that small already.
  thumbnail: { type: Buffer, default: null },
});
uploadedImageSchema.plugin(tenantOwned, { growing: true });
export const UploadedImage = mongoose.models.UploadedImage ?? mongoose.model('UploadedImage', uploadedImageSchema);

/** The upload's id when a web address is one of ours, else null. */
export const uploadedImageId = (url: string): string | null => uploadedImageOf(url)?.id ?? null;

/**
 * Keeps an uploaded file when its bytes are a PNG, JPEG, WebP or GIF image (its name or claimed type decide nothing),
 * scaled down to 1,600 pixels wide when wider (fitWidth), with a thumbnail for the back office's lists (thumbnailOf).
 * `field` names the request field a refusal points at: the file's (`image`) or the web address's it was fetched from (`url`).
 */
export async function keepUploadedImage(ctx: RequestContext, file: { filename: string; data: Buffer }, field = 'image'): Promise<{ id: string; name: string; contentType: UploadImageType }> {
  if (!file.data.length) throw new AppError('unprocessable', IMAGE_EMPTY, { [field]: [IMAGE_EMPTY] });
  const contentType = imageTypeOf(file.data);
  if (!contentType) throw new AppError('unsupported', IMAGE_NOT_SUPPORTED, { [field]: [IMAGE_NOT_SUPPORTED] });
  const name = uploadFileName(file.filename, contentType);
  const data = await fitWidth(file.data, contentType);
  const thumbnail = await thumbnailOf(data);
  const doc = await UploadedImage.create({
    tenantId: ctx.tenantId, contentType, name, size: data.length, data, thumbnail, uploadedAt: new Date(), uploadedBy: ctx.caller?.customerId ?? null,
  });
  return { id: String(doc._id), name, contentType };
}

/** An uploaded image of this store, by id and the name it is served under; 404 for another store's or an unknown one. */
export async function uploadedImage(ctx: RequestContext, id: string, name: string): Promise<{ contentType: string; data: Buffer }> {
  // Not lean: mongoose hands the stored binary back as a Buffer.
  const doc = await UploadedImage.findOne(scoped(ctx, { _id: id })).select('contentType name data') as { contentType: string; name: string; data: Buffer } | null;
  if (!doc || doc.name !== name) throw new AppError('not_found', 'This image was not found.');
  return { contentType: doc.contentType, data: Buffer.from(doc.data) };
}

/**
 * The thumbnail of an uploaded image of this store (WebP), or the image itself when it has none (small already, or
 * kept before thumbnails were made); 404 as uploadedImage.
 */
export async function uploadedThumbnail(ctx: RequestContext, id: string, name: string): Promise<{ contentType: string; data: Buffer }> {
  const doc = await UploadedImage.findOne(scoped(ctx, { _id: id })).select('name thumbnail') as { name: string; thumbnail: Buffer | null } | null;
  if (!doc || doc.name !== name) throw new AppError('not_found', 'This image was not found.');
  return doc.thumbnail?.length ? { contentType: 'image/webp', data: Buffer.from(doc.thumbnail) } : uploadedImage(ctx, id, name);
}

/** Removes an uploaded image of this store that a web address names, unless the store still shows it elsewhere. */
export async function forgetUploadedImage(ctx: RequestContext, url: string, stillShown: string[]): Promise<void> {
  const id = uploadedImageId(url);
  if (!id || stillShown.some((other) => uploadedImageId(other) === id)) return;
  await UploadedImage.deleteOne(scoped(ctx, { _id: id }));
}

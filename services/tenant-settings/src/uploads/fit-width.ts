import sharp from 'sharp';
import { IMAGE_KEPT_MAX_WIDTH, type UploadImageType } from '@platform/domain';

/** Larger than any photo a store uploads (8,000 × 6,000); past it the image is kept as sent rather than decoded. */
export const MAX_INPUT_PIXELS = 48_000_000;

/**
 * An uploaded image scaled down to IMAGE_KEPT_MAX_WIDTH pixels wide when it is wider (turned upright first, as its
 * camera tag says, and without its camera tags, which may carry where it was taken), in its own type: shoppers on
 * phones fetch far less than a camera's 4,000-pixel photo. An image at most that wide, a GIF (it may be animated),
 * or one sharp cannot read is kept byte for byte.
 */
export async function fitWidth(data: Buffer, type: UploadImageType): Promise<Buffer> {
  if (type === 'image/gif') return data;
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await image.metadata();
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    if (width <= IMAGE_KEPT_MAX_WIDTH) return data;
    const resized = image.rotate().resize({ width: IMAGE_KEPT_MAX_WIDTH, withoutEnlargement: true });
    if (type === 'image/jpeg') return await resized.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    if (type === 'image/webp') return await resized.webp({ quality: 82 }).toBuffer();
    return await resized.png({ compressionLevel: 8 }).toBuffer();
  } catch {
    return data;
  }
}

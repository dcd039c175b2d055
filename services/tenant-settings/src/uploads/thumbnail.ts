import sharp from 'sharp';
import { IMAGE_THUMB_SIZE } from '@platform/domain';
import { MAX_INPUT_PIXELS } from './fit-width';

/**
 * A small WebP copy of an image kept for the store (at most IMAGE_THUMB_SIZE pixels on each side, turned upright,
 * no camera tags; a GIF's first frame), which the back office shows where it lists images. Null when the image is
 * already that small (its thumbnail address then serves the image itself) or sharp cannot read it.
 */
export async function thumbnailOf(data: Buffer): Promise<Buffer | null> {
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await image.metadata();
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.autoOrient?.height ?? meta.height ?? 0;
    if (width <= IMAGE_THUMB_SIZE && height <= IMAGE_THUMB_SIZE) return null;
    return await image.rotate().resize({ width: IMAGE_THUMB_SIZE, height: IMAGE_THUMB_SIZE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
  } catch {
    return null;
  }
}

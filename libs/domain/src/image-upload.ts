/** The image types a store may upload (About Us photos, the sharing image), by their content type. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

/** The largest image a store may upload: 5 MB, plenty for a photo a page shows at most 1,600 pixels wide. */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_UPLOAD_MAX_NAME = 100;

/** The spec's words for a failed upload, with the reason after the colon (spec 3 messages: "Image upload failure"). */
export const uploadFailure = (reason: string): string => `An error occured while trying to upload the image: ${reason}`;
export const IMAGE_TOO_LARGE = uploadFailure('the file is larger than 5 MB. Choose a smaller image.');
export const IMAGE_NOT_SUPPORTED = uploadFailure('the file is not a PNG, JPEG, WebP or GIF image.');
export const IMAGE_MISSING = uploadFailure('choose an image file to upload.');
export const IMAGE_EMPTY = uploadFailure('the file is empty.');
export const IMAGE_UPLOADED = 'Image uploaded';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

/**
 * The image type a file's first bytes show (its "magic number"), whatever its name or the type the browser
 * claimed; null for anything else (a text file renamed .png, an SVG, which may carry script).
 */
export function imageTypeOf(bytes: Uint8Array): UploadImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  return null;
}

const EXTENSION: Record<UploadImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * The name an uploaded image is kept and served under: the file's own name without any folder, spaces become underscores (the spec's rule for logos),
 * anything but letters, digits, '.', '-' and '_' is dropped, and the extension follows the real type.
 */
export function uploadFileName(name: string, type: UploadImageType): string {
  const base = (name.split(/[\\/]/).pop() ?? '').trim().replace(/\.[^.]*$/, '').replace(/\s+/g, '_').replace(/[^A-Za-z0-9._-]/g, '').replace(/^[._-]+/, '').slice(0, IMAGE_UPLOAD_MAX_NAME - 5);
  return `${base || 'image'}.${EXTENSION[type]}`;
}

/** Checks a chosen file before it is sent (the server checks its bytes again); null when it may go. */
export function chosenImageProblem(file: { size: number; type: string }): string | null {
  if (file.size === 0) return IMAGE_EMPTY;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return IMAGE_TOO_LARGE;
  if (file.type && !(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_NOT_SUPPORTED;
  return null;
}

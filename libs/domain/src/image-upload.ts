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

/**
 * Adding an image by its web address (spec 3 §7 About: admin/upload-image-from-url): the store fetches it once and
 * keeps its own copy, with the checks of an upload (bytes, 5 MB) and these limits on the fetch itself.
 */
export const IMAGE_FETCH_MAX_REDIRECTS = 3;
export const IMAGE_FETCH_TIMEOUT_MS = 10_000;
export const IMAGE_ADDRESS_MAX = 2048;
export const IMAGE_ADDRESS_MISSING = uploadFailure('enter the web address of an image.');
export const IMAGE_ADDRESS_INVALID = uploadFailure('the address must be a web address that starts with http:// or https://.');
export const IMAGE_ADDRESS_PRIVATE = uploadFailure('the address leads to a private or local network, which the store does not fetch from. Use a public web address.');
export const IMAGE_ADDRESS_UNREACHABLE = uploadFailure('the address could not be reached. Check it and try again.');
export const IMAGE_ADDRESS_TOO_MANY_REDIRECTS = uploadFailure(`the address redirected more than ${IMAGE_FETCH_MAX_REDIRECTS} times.`);
export const IMAGE_ADDRESS_TIMED_OUT = uploadFailure(`the address did not send the image within ${IMAGE_FETCH_TIMEOUT_MS / 1000} seconds.`);
export const imageAddressAnswered = (status: number): string => uploadFailure(`the address answered HTTP ${status} instead of an image.`);

/** What is wrong with a typed image address before it is sent (the server checks where it leads); null when it may go. */
export function imageAddressProblem(address: string): string | null {
  const trimmed = address.trim();
  if (!trimmed) return IMAGE_ADDRESS_MISSING;
  if (trimmed.length > IMAGE_ADDRESS_MAX) return IMAGE_ADDRESS_INVALID;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return IMAGE_ADDRESS_INVALID;
  }
  // No other scheme (file:, ftp:, data:), and no user name or password in it: they would be sent to the other site.
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return IMAGE_ADDRESS_INVALID;
  return null;
}

/** The name an image fetched from an address is kept under: the last part of its path (then uploadFileName's rules). */
export function imageAddressFileName(address: string): string {
  try {
    const last = new URL(address).pathname.split('/').filter(Boolean).pop() ?? '';
    return decodeURIComponent(last);
  } catch {
    return '';
  }
}

/** Wider images are scaled down to this width when kept (a page shows a photo at most 1,600 pixels wide); GIFs are kept as sent. */
export const IMAGE_KEPT_MAX_WIDTH = 1600;

/**
 * Where the store serves an uploaded image (public, tenant by host), and its thumbnail: at most IMAGE_THUMB_SIZE
 * pixels on each side, which the back office shows where it lists images, so a list of photos does not fetch
 * every photo at up to 1,600 pixels.
 */
export const IMAGE_THUMB_SIZE = 320;
export const uploadedImagePath = (id: string, name: string): string => `/api/about-us/images/${id}/${name}`;
export const uploadedThumbnailPath = (id: string, name: string): string => `/api/about-us/images/${id}/thumbnail/${name}`;
const UPLOADED_PATH = /^\/api\/about-us\/images\/([0-9a-f]{24})\/([^/?#]+)$/;

/** The id and name of one of the store's uploads when a web address is one, else null. */
export function uploadedImageOf(url: string): { id: string; name: string } | null {
  try {
    const match = UPLOADED_PATH.exec(new URL(url.trim()).pathname);
    return match ? { id: match[1], name: match[2] } : null;
  } catch {
    return null;
  }
}

/** The thumbnail's address of one of the store's uploads (same origin), or null for any other address. */
export function uploadedThumbnailAddress(url: string): string | null {
  const upload = uploadedImageOf(url);
  return upload ? new URL(uploadedThumbnailPath(upload.id, upload.name), url.trim()).href : null;
}

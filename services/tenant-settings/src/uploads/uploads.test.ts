import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground } from '@platform/db';
import {
  IMAGE_KEPT_MAX_WIDTH, IMAGE_MISSING, IMAGE_NOT_SUPPORTED, IMAGE_THUMB_SIZE, IMAGE_TOO_LARGE, IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOADED, NO_PERMISSION, uploadedThumbnailAddress,
} from '@platform/domain';
import { createTenant, createTestApp, issueToken, multipartBody } from '@platform/server-kit/testing';
import { tenantSettingsService } from '../index';
import { UploadedImage } from './images';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let owner = '';
let otherOwner = '';
let tenantId = '';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), randomBytes(64), Buffer.from([0xff, 0xd9])]);

const upload = async (parts: Parameters<typeof multipartBody>[0], token: string | null = owner, host = 'upl-a.test') => {
  const body = await multipartBody(parts);
  return harness.app.inject({ method: 'POST', url: '/api/about-us/upload', payload: body.payload, headers: { host, ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
};
const fetchImage = (url: string, host?: string) => {
  const address = new URL(url);
  return harness.app.inject({ method: 'GET', url: address.pathname, headers: { host: host ?? address.host } });
};
const post = (url: string, token: string, host: string, payload?: object) =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: { host, authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const storedCount = () => inBackground('test: count the uploads', () => UploadedImage.countDocuments({ tenantId }));

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'uploads');
  tenantId = (await createTenant('upl-a', { domains: ['upl-a.test'] })).id;
  const other = await createTenant('upl-b', { domains: ['upl-b.test'] });
  owner = await issueToken(tenantId, { isAdmin: true });
  otherOwner = await issueToken(other.id, { isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

describe('about-us/upload', () => {
  it('keeps a PNG and serves it back at the address it answers: same bytes, its type, cached for a year', async () => {
    const res = await upload([{ field: 'image', filename: 'Our shop front.png', type: 'image/png', data: PNG }]);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ status: 'success', message: IMAGE_UPLOADED });
    // Spaces in the name become underscores; the address is on the store's own host.
    expect(answer.url).toMatch(/^http:\/\/upl-a\.test\/api\/about-us\/images\/[0-9a-f]{24}\/Our_shop_front\.png$/);

    const image = await fetchImage(answer.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    // The address is exact: another name for the same id is not it.
    expect((await fetchImage(answer.url.replace('Our_shop_front.png', 'other.png'))).statusCode).toBe(404);
  });

  it('goes by the bytes, not the name: a JPEG called .png is kept as a JPEG', async () => {
    const res = await upload([{ field: 'image', filename: 'photo.png', type: 'image/png', data: JPEG }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/\/photo\.jpg$/);
    const image = await fetchImage(res.json().url);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(JPEG)).toBe(true);
  });

  it('keeps a photo of exactly 5 MB, byte for byte', async () => {
    const photo = Buffer.concat([JPEG.subarray(0, 6), randomBytes(IMAGE_UPLOAD_MAX_BYTES - 6)]);
    const res = await upload([{ field: 'image', filename: 'IMG_2041.JPG', type: 'image/jpeg', data: photo }]);
    expect(res.statusCode, res.body).toBe(200);
    const image = await fetchImage(res.json().url);
    expect(image.rawPayload.equals(photo)).toBe(true);
  });

  it('refuses a text file renamed .png (415), an empty form (422), another format (415), and keeps nothing', async () => {
    const before = await storedCount();
    const text = await upload([{ field: 'image', filename: 'notes.png', type: 'image/png', data: 'These are my notes, not a picture.' }]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ status: 415, message: IMAGE_NOT_SUPPORTED, errors: { image: [IMAGE_NOT_SUPPORTED] } });
    const svg = await upload([{ field: 'image', filename: 'logo.svg', type: 'image/svg+xml', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }]);
    expect(svg.statusCode).toBe(415);
    const none = await upload([{ field: 'title', data: 'no file here' }]);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(IMAGE_MISSING);
    const json = await harness.app.inject({ method: 'POST', url: '/api/about-us/upload', headers: { host: 'upl-a.test', authorization: `Bearer ${owner}` }, payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(await storedCount()).toBe(before);
  });

  it(`scales a photo wider than ${IMAGE_KEPT_MAX_WIDTH} pixels down to that width, in its own type, and keeps a narrower one byte for byte`, async () => {
    const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3a7d44' } });
    const wideJpeg = await photo(3000, 2000).jpeg({ quality: 95 }).toBuffer();
    const jpeg = await upload([{ field: 'image', filename: 'camera.jpg', type: 'image/jpeg', data: wideJpeg }]);
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    const kept = await fetchImage(jpeg.json().url);
    expect(kept.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(kept.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1067 });
    expect(kept.rawPayload.length).toBeLessThan(wideJpeg.length);

    const widePng = await photo(2400, 600).png().toBuffer();
    const png = await fetchImage((await upload([{ field: 'image', filename: 'banner.png', type: 'image/png', data: widePng }])).json().url);
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1600, height: 400 });

    const narrow = await photo(1200, 800).jpeg().toBuffer();
    const same = await fetchImage((await upload([{ field: 'image', filename: 'narrow.jpg', type: 'image/jpeg', data: narrow }])).json().url);
    expect(same.rawPayload.equals(narrow)).toBe(true);
  });

  it(`makes a WebP thumbnail at most ${IMAGE_THUMB_SIZE} pixels on a side, served beside the image; a small image is its own thumbnail`, async () => {
    const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#7d3a44' } });
    const tall = await upload([{ field: 'image', filename: 'Tall shelf.jpg', type: 'image/jpeg', data: await photo(900, 1800).jpeg().toBuffer() }]);
    const url: string = tall.json().url;
    const thumbnailUrl = uploadedThumbnailAddress(url)!;
    expect(thumbnailUrl).toBe(url.replace(/\/Tall_shelf\.jpg$/, '/thumbnail/Tall_shelf.jpg'));
    const image = await fetchImage(url);
    const thumbnail = await fetchImage(thumbnailUrl);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 160, height: IMAGE_THUMB_SIZE });
    expect(thumbnail.rawPayload.length).toBeLessThan(image.rawPayload.length / 4);
    // The image itself is kept as it was (not wider than 1,600 pixels), not the thumbnail.
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 900, height: 1800 });

    // A GIF's thumbnail is its first frame; an image already that small is served as it is.
    const gif = await upload([{ field: 'image', filename: 'sign.gif', type: 'image/gif', data: await photo(640, 480).gif().toBuffer() }]);
    expect(await sharp((await fetchImage(uploadedThumbnailAddress(gif.json().url)!)).rawPayload).metadata()).toMatchObject({ format: 'webp', width: IMAGE_THUMB_SIZE, height: 240 });
    const small = await upload([{ field: 'image', filename: 'dot.png', type: 'image/png', data: PNG }]);
    const same = await fetchImage(uploadedThumbnailAddress(small.json().url)!);
    expect(same.headers['content-type']).toBe('image/png');
    expect(same.rawPayload.equals(PNG)).toBe(true);

    // The thumbnail's address is exact and the store's own, as the image's.
    expect((await fetchImage(thumbnailUrl.replace('Tall_shelf.jpg', 'other.jpg'))).statusCode).toBe(404);
    expect((await fetchImage(thumbnailUrl, 'upl-b.test')).statusCode).toBe(404);
    expect(uploadedThumbnailAddress('https://cdn.example.com/photos/shop.jpg')).toBeNull();
  });

  it(`refuses an image over ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB with a 413 that says the limit`, async () => {
    const before = await storedCount();
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]);
    const res = await upload([{ field: 'image', filename: 'huge.png', type: 'image/png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(IMAGE_TOO_LARGE);
    expect(IMAGE_TOO_LARGE).toContain('5 MB');
    expect(await storedCount()).toBe(before);
  });

  it('needs a signed-in admin (401) with edit_about_us (403)', async () => {
    const body = () => [{ field: 'image', filename: 'a.png', type: 'image/png', data: PNG }];
    expect((await upload(body(), null)).statusCode).toBe(401);
    const staff = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_products'] });
    const refused = await upload(body(), staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NO_PERMISSION);
    const allowed = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_about_us'] });
    expect((await upload(body(), allowed)).statusCode).toBe(200);
    // Another store's owner is not this store's admin.
    expect((await upload(body(), otherOwner)).statusCode).toBe(401);
  });
});

describe('the API document', () => {
  it('documents the upload as multipart with every status it answers, and the image by its types', () => {
    const paths = (harness.app.swagger() as unknown as { paths: Record<string, Record<string, { requestBody?: { content: object }; responses: Record<string, { content?: object }> }>> }).paths;
    const upload = paths['/api/about-us/upload'].post;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(upload.responses).sort()).toEqual(['200', '400', '401', '403', '404', '413', '415', '422']);
    const image = paths['/api/about-us/images/{id}/{name}'].get;
    expect(Object.keys(image.responses['200'].content!).sort()).toEqual(['image/gif', 'image/jpeg', 'image/png', 'image/webp']);
    const thumbnail = paths['/api/about-us/images/{id}/thumbnail/{name}'].get;
    expect(Object.keys(thumbnail.responses['200'].content!)[0]).toBe('image/webp');
    expect(Object.keys(thumbnail.responses).sort()).toEqual(['200', '400', '401', '404']);
  });
});

describe('uploaded images and other stores', () => {
  it("another store's host answers 404 for the image, and its removals leave it alone", async () => {
    const url = (await upload([{ field: 'image', filename: 'og.png', type: 'image/png', data: PNG }])).json().url as string;
    expect((await post('store-information/update', owner, 'upl-a.test', { site_title: '', meta_description: '', og_image: url })).statusCode).toBe(200);
    expect((await fetchImage(url, 'upl-b.test')).statusCode).toBe(404);

    // Store B sets the same address as its sharing image and removes it: A's image stays.
    expect((await post('store-information/update', otherOwner, 'upl-b.test', { site_title: '', meta_description: '', og_image: url })).statusCode).toBe(200);
    expect((await post('store-information/delete-og-image', otherOwner, 'upl-b.test')).statusCode).toBe(200);
    expect((await fetchImage(url)).statusCode).toBe(200);
  });

  it('removing the sharing image deletes an uploaded one, unless the About us story shows it', async () => {
    const url = (await upload([{ field: 'image', filename: 'both.png', type: 'image/png', data: PNG }])).json().url as string;
    await post('store-information/update', owner, 'upl-a.test', { site_title: '', meta_description: '', og_image: url });
    await post('about-us/story', owner, 'upl-a.test', { title: 'Us', body: '', images: [{ url, alt: 'The shop' }] });
    expect((await post('store-information/delete-og-image', owner, 'upl-a.test')).statusCode).toBe(200);
    expect((await fetchImage(url)).statusCode).toBe(200);

    const alone = (await upload([{ field: 'image', filename: 'alone.png', type: 'image/png', data: PNG }])).json().url as string;
    await post('store-information/update', owner, 'upl-a.test', { site_title: '', meta_description: '', og_image: alone });
    expect((await post('store-information/delete-og-image', owner, 'upl-a.test')).statusCode).toBe(200);
    expect((await fetchImage(alone)).statusCode).toBe(404);
  });
});

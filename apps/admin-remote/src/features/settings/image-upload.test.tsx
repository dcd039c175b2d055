import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { IMAGE_ADDRESS_INVALID, IMAGE_ADDRESS_PRIVATE, IMAGE_NOT_SUPPORTED, IMAGE_TOO_LARGE, IMAGE_UPLOAD_MAX_BYTES } from '@platform/domain';
import { Failure, FakeApi, later, renderAdmin } from '../../test-support';

const about = { title: 'About Us', body: '', images: [] };
const seo = { site_title: '', meta_description: '', og_image: '' };
const UPLOADED = 'http://localhost/api/about-us/images/6566a1b2c3d4e5f6a7b8c9d0/Shop_front.png';
const png = (name = 'Shop front.png', size = 64) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const screenWith = (api: FakeApi) => renderAdmin('/admin/settings/about-us', { api: api.on('GET /api/about-us', { data: about }).on('GET /api/admin/store-information', { data: seo }) });

describe('Settings › About Us: Upload image', () => {
  it("uploads a photo from the computer: the upload shows while it runs, then the address is filled in with a preview, and the story saves it", async () => {
    const answer = later<{ status: string; url: string; message: string }>();
    const api = new FakeApi()
      .on('POST /api/about-us/upload', () => answer.promise)
      .on('POST /api/about-us/story', (r) => ({ status: 'success', message: 'About us story saved.', data: r.body as typeof about }));
    const { user } = screenWith(api);

    const story = await screen.findByRole('form', { name: 'Our story' });
    await user.click(within(story).getByRole('button', { name: 'Add a photo' }));
    const address = within(story).getByRole('textbox', { name: 'Web address' }) as HTMLInputElement;
    const picker = within(story).getByLabelText('Upload image for photo 1') as HTMLInputElement;
    expect(picker.type).toBe('file');
    expect(picker.accept).toBe('image/png,image/jpeg,image/webp,image/gif');
    expect(within(story).getByText('PNG, JPEG, WebP or GIF, up to 5 MB.')).toBeTruthy();
    // Keyboard: the picker comes right after the address field.
    await user.click(address);
    await user.tab();
    expect(document.activeElement).toBe(picker);

    await user.upload(picker, png());
    expect((await within(story).findAllByText('Uploading image…')).length).toBeGreaterThan(0);
    expect(picker.disabled).toBe(true);
    const sent = api.sent('POST /api/about-us/upload')[0].body as FormData;
    expect((sent.get('image') as File).name).toBe('Shop front.png');

    answer.resolve({ status: 'success', url: UPLOADED, message: 'Image uploaded' });
    expect(await within(story).findByText('Image uploaded: its address is filled in above.')).toBeTruthy();
    expect(address.value).toBe(UPLOADED);
    // The photo's row shows the store's small thumbnail of it (not the full image, and not twice).
    expect(within(story).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe(UPLOADED.replace('/Shop_front.png', '/thumbnail/Shop_front.png'));
    expect(within(story).getAllByRole('img')).toHaveLength(1);
    expect(picker.disabled).toBe(false);

    await user.click(within(story).getByRole('textbox', { name: 'Description' }));
    await user.paste('The shop front');
    await user.click(within(story).getByRole('button', { name: 'Save story' }));
    expect(await within(story).findByText('About us story saved.')).toBeTruthy();
    expect(api.sent('POST /api/about-us/story')[0].body).toEqual({ title: 'About Us', body: '', images: [{ url: UPLOADED, alt: 'The shop front' }] });
  });

  it("shows the server's refusal in plain words and leaves the address as it was", async () => {
    const api = new FakeApi().on('POST /api/about-us/upload', new Failure(415, IMAGE_NOT_SUPPORTED, { image: [IMAGE_NOT_SUPPORTED] }));
    const { user } = screenWith(api);
    const story = await screen.findByRole('form', { name: 'Our story' });
    await user.click(within(story).getByRole('button', { name: 'Add a photo' }));
    await user.type(within(story).getByRole('textbox', { name: 'Web address' }), 'https://img.test/old.jpg');

    await user.upload(within(story).getByLabelText('Upload image for photo 1'), png('notes.png'));
    expect((await within(story).findByRole('alert')).textContent).toBe(IMAGE_NOT_SUPPORTED);
    expect((within(story).getByRole('textbox', { name: 'Web address' }) as HTMLInputElement).value).toBe('https://img.test/old.jpg');
    expect(within(story).queryByRole('img')).toBeNull();
  });

  it('refuses a file over 5 MB before sending it', async () => {
    const api = new FakeApi();
    const { user } = screenWith(api);
    const form = await screen.findByRole('form', { name: 'Search and sharing' });
    await user.upload(within(form).getByLabelText('Upload image for sharing'), png('huge.png', IMAGE_UPLOAD_MAX_BYTES + 1));
    expect((await within(form).findByRole('alert')).textContent).toBe(IMAGE_TOO_LARGE);
    expect(api.sent('POST /api/about-us/upload')).toEqual([]);
  });

  it('fills the sharing image with the uploaded address, previewed by its thumbnail', async () => {
    const api = new FakeApi().on('POST /api/about-us/upload', { status: 'success', url: UPLOADED, message: 'Image uploaded' });
    const { user } = screenWith(api);
    const form = await screen.findByRole('form', { name: 'Search and sharing' });
    await user.upload(within(form).getByLabelText('Upload image for sharing'), png('og image.png'));
    expect(await within(form).findByText('Image uploaded: its address is filled in above.')).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: 'Sharing image' }) as HTMLInputElement).value).toBe(UPLOADED);
    expect(within(form).getByRole('img', { name: 'Preview of the uploaded image' }).getAttribute('src')).toBe(UPLOADED.replace('/Shop_front.png', '/thumbnail/Shop_front.png'));
  });

  it("lists the story's photos with the thumbnails of the store's own uploads; a photo on another site shows none", async () => {
    const photos = { ...about, images: [{ url: UPLOADED, alt: 'The shop front' }, { url: 'https://img.test/old.jpg', alt: 'Old sign' }] };
    renderAdmin('/admin/settings/about-us', { api: new FakeApi().on('GET /api/about-us', { data: photos }).on('GET /api/admin/store-information', { data: seo }) });
    const story = await screen.findByRole('form', { name: 'Our story' });
    expect(within(story).getAllByRole('img').map((img) => [img.getAttribute('alt'), img.getAttribute('src')])).toEqual([
      ['Photo 1: The shop front', UPLOADED.replace('/Shop_front.png', '/thumbnail/Shop_front.png')],
    ]);
  });
});

describe('Settings › About Us: Add image by address', () => {
  const COPY = 'http://localhost/api/about-us/images/6566a1b2c3d4e5f6a7b8c9d1/Shop_front.jpg';

  it("fetches an image from another site: the work shows while it runs, then the store's copy fills the address, and the story saves it", async () => {
    const answer = later<{ status: string; url: string; message: string }>();
    const api = new FakeApi()
      .on('POST /api/admin/upload-image-from-url', () => answer.promise)
      .on('POST /api/about-us/story', (r) => ({ status: 'success', message: 'About us story saved.', data: r.body as typeof about }));
    const { user } = screenWith(api);

    const story = await screen.findByRole('form', { name: 'Our story' });
    await user.click(within(story).getByRole('button', { name: 'Add a photo' }));
    const address = within(story).getByRole('textbox', { name: 'Web address' }) as HTMLInputElement;
    const picker = within(story).getByLabelText('Upload image for photo 1');
    const byAddress = within(story).getByRole('textbox', { name: 'Image address for photo 1' }) as HTMLInputElement;
    const add = within(story).getByRole('button', { name: 'Add image by address for photo 1' });
    expect(add.textContent).toBe('Add image by address');
    // Keyboard: address field, file picker, image address, its button.
    await user.click(address);
    await user.tab();
    expect(document.activeElement).toBe(picker);
    await user.tab();
    expect(document.activeElement).toBe(byAddress);
    await user.paste(' https://cdn.example.com/photos/Shop%20front.jpg ');
    await user.tab();
    expect(document.activeElement).toBe(add);
    await user.keyboard('{Enter}');

    expect(await within(story).findByText('Fetching the image from its address…')).toBeTruthy();
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect((picker as HTMLInputElement).disabled).toBe(true);
    expect(api.sent('POST /api/admin/upload-image-from-url')[0].body).toEqual({ url: 'https://cdn.example.com/photos/Shop%20front.jpg' });

    answer.resolve({ status: 'success', url: COPY, message: 'Image uploaded' });
    expect(await within(story).findByText("Image added: the store's own copy of it is filled in above.")).toBeTruthy();
    expect(address.value).toBe(COPY);
    expect(byAddress.value).toBe('');
    expect(within(story).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe(COPY.replace('/Shop_front.jpg', '/thumbnail/Shop_front.jpg'));

    await user.click(within(story).getByRole('textbox', { name: 'Description' }));
    await user.paste('The shop front');
    await user.click(within(story).getByRole('button', { name: 'Save story' }));
    expect(await within(story).findByText('About us story saved.')).toBeTruthy();
    expect(api.sent('POST /api/about-us/story')[0].body).toEqual({ title: 'About Us', body: '', images: [{ url: COPY, alt: 'The shop front' }] });
  });

  it('Enter in the image address adds the image and does not save the form around it', async () => {
    const api = new FakeApi().on('POST /api/admin/upload-image-from-url', { status: 'success', url: COPY, message: 'Image uploaded' });
    const { user } = screenWith(api);
    const form = await screen.findByRole('form', { name: 'Search and sharing' });
    await user.type(within(form).getByRole('textbox', { name: 'Image address for sharing' }), 'https://cdn.example.com/og.jpg{Enter}');
    expect(await within(form).findByText("Image added: the store's own copy of it is filled in above.")).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: 'Sharing image' }) as HTMLInputElement).value).toBe(COPY);
    expect(api.sent('POST /api/admin/upload-image-from-url')).toHaveLength(1);
    expect(api.sent('POST /api/store-information/update')).toEqual([]);
  });

  it("shows the store's refusal (a private address) in its words, keeps what was typed, and leaves the field as it was", async () => {
    const api = new FakeApi().on('POST /api/admin/upload-image-from-url', new Failure(422, IMAGE_ADDRESS_PRIVATE, { url: [IMAGE_ADDRESS_PRIVATE] }));
    const { user } = screenWith(api);
    const form = await screen.findByRole('form', { name: 'Search and sharing' });
    await user.type(within(form).getByRole('textbox', { name: 'Sharing image' }), 'https://img.test/old.jpg');
    const byAddress = within(form).getByRole('textbox', { name: 'Image address for sharing' }) as HTMLInputElement;
    await user.type(byAddress, 'http://192.168.1.20/photo.jpg');
    await user.click(within(form).getByRole('button', { name: 'Add image by address for sharing' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(IMAGE_ADDRESS_PRIVATE);
    expect(byAddress.value).toBe('http://192.168.1.20/photo.jpg');
    expect((within(form).getByRole('textbox', { name: 'Sharing image' }) as HTMLInputElement).value).toBe('https://img.test/old.jpg');
  });

  it('refuses what is not an http or https address before sending it', async () => {
    const api = new FakeApi();
    const { user } = screenWith(api);
    const form = await screen.findByRole('form', { name: 'Search and sharing' });
    await user.type(within(form).getByRole('textbox', { name: 'Image address for sharing' }), 'file:///etc/passwd');
    await user.click(within(form).getByRole('button', { name: 'Add image by address for sharing' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(IMAGE_ADDRESS_INVALID);
    expect(api.sent('POST /api/admin/upload-image-from-url')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { IMAGE_NOT_SUPPORTED, IMAGE_TOO_LARGE, IMAGE_UPLOAD_MAX_BYTES } from '@platform/domain';
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
    expect(within(story).getByRole('img', { name: 'Preview of the uploaded image' }).getAttribute('src')).toBe(UPLOADED);
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

  it('fills the sharing image with the uploaded address, shown in the search preview', async () => {
    const api = new FakeApi().on('POST /api/about-us/upload', { status: 'success', url: UPLOADED, message: 'Image uploaded' });
    const { user } = screenWith(api);
    const form = await screen.findByRole('form', { name: 'Search and sharing' });
    await user.upload(within(form).getByLabelText('Upload image for sharing'), png('og image.png'));
    expect(await within(form).findByText('Image uploaded: its address is filled in above.')).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: 'Sharing image' }) as HTMLInputElement).value).toBe(UPLOADED);
    expect(within(form).getAllByRole('img').map((img) => img.getAttribute('src'))).toContain(UPLOADED);
  });
});

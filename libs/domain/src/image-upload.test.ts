import { describe, expect, it } from 'vitest';
import {
  chosenImageProblem, IMAGE_ADDRESS_INVALID, IMAGE_ADDRESS_MISSING, IMAGE_NOT_SUPPORTED, IMAGE_TOO_LARGE, IMAGE_UPLOAD_MAX_BYTES, imageAddressFileName, imageAddressProblem, imageTypeOf, uploadFileName,
} from './image-upload';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('image uploads', () => {
  it('knows PNG, JPEG, WebP and GIF by their first bytes, and nothing else', () => {
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(imageTypeOf(Uint8Array.from(Buffer.from('RIFF\0\0\0\0WEBPVP8 ')))).toBe('image/webp');
    expect(imageTypeOf(Uint8Array.from(Buffer.from('GIF89a')))).toBe('image/gif');
    expect(imageTypeOf(Uint8Array.from(Buffer.from('GIF87a')))).toBe('image/gif');
    expect(imageTypeOf(Uint8Array.from(Buffer.from('hello, I am text')))).toBeNull();
    expect(imageTypeOf(Uint8Array.from(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')))).toBeNull();
    expect(imageTypeOf(Uint8Array.from(Buffer.from('RIFF\0\0\0\0WAVEfmt ')))).toBeNull();
    expect(imageTypeOf(bytes())).toBeNull();
  });

  it('keeps a name with spaces as underscores, only safe characters, and the extension of the real type', () => {
    expect(uploadFileName('Our shop front.PNG', 'image/png')).toBe('Our_shop_front.png');
    expect(uploadFileName('../../etc/passwd', 'image/jpeg')).toBe('passwd.jpg');
    expect(uploadFileName('photo.png', 'image/gif')).toBe('photo.gif');
    expect(uploadFileName('   ', 'image/webp')).toBe('image.webp');
    expect(uploadFileName(`${'a'.repeat(300)}.jpg`, 'image/jpeg')).toHaveLength(99);
  });

  it('refuses a chosen file that is too large or not an image before sending it', () => {
    expect(chosenImageProblem({ size: 10, type: 'image/png' })).toBeNull();
    expect(chosenImageProblem({ size: 10, type: '' })).toBeNull();
    expect(chosenImageProblem({ size: IMAGE_UPLOAD_MAX_BYTES + 1, type: 'image/png' })).toBe(IMAGE_TOO_LARGE);
    expect(chosenImageProblem({ size: 10, type: 'image/svg+xml' })).toBe(IMAGE_NOT_SUPPORTED);
    expect(IMAGE_TOO_LARGE).toMatch(/^An error occured while trying to upload the image: .*5 MB/);
  });

  it('takes only an http or https address without a user name or password for an image by address', () => {
    expect(imageAddressProblem(' https://cdn.example.com/photos/shop.jpg ')).toBeNull();
    expect(imageAddressProblem('http://example.com:8080/a.png?size=large')).toBeNull();
    expect(imageAddressProblem('')).toBe(IMAGE_ADDRESS_MISSING);
    expect(imageAddressProblem('   ')).toBe(IMAGE_ADDRESS_MISSING);
    for (const bad of ['example.com/a.png', 'file:///etc/passwd', 'ftp://example.com/a.png', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'gopher://example.com/', 'https://user:secret@example.com/a.png', `https://example.com/${'a'.repeat(2100)}`]) {
      expect(imageAddressProblem(bad), bad).toBe(IMAGE_ADDRESS_INVALID);
    }
    expect(IMAGE_ADDRESS_INVALID).toMatch(/^An error occured while trying to upload the image: /);
  });

  it("names an image fetched by address after the address's last path part", () => {
    expect(uploadFileName(imageAddressFileName('https://cdn.example.com/photos/Shop%20front.JPG?w=800'), 'image/jpeg')).toBe('Shop_front.jpg');
    expect(uploadFileName(imageAddressFileName('https://example.com/'), 'image/png')).toBe('image.png');
    expect(uploadFileName(imageAddressFileName('https://example.com/%E0%A4%A.png'), 'image/png')).toBe('image.png');
  });
});

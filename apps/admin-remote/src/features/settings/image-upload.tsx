import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { chosenImageProblem, IMAGE_ADDRESS_MAX, IMAGE_UPLOAD_MAX_BYTES, imageAddressProblem, UPLOAD_IMAGE_TYPES, uploadedThumbnailAddress, uploadFailure } from '@platform/domain';
import { errorMessage, storeContentAdminApi } from '@platform/api-client';
import { Button } from '@platform/ui';

const Upload = styled.div`
  display: grid; gap: 6px; justify-items: start; margin: -6px 0 10px;
  .pick {
    position: relative; display: inline-flex; align-items: center; padding: 8px 14px; font-weight: 400; cursor: pointer;
    border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius};
  }
  /* The file input stays in the tab order and takes the keys (Enter / Space open the file picker); the label is what shows. */
  .pick input { position: absolute; inset: 0; width: 100%; height: 100%; opacity: 0; cursor: pointer; }
  .pick:focus-within { outline: 2px solid ${(p) => p.theme.colors.primary}; outline-offset: 2px; }
  .pick[data-busy='true'] { opacity: 0.55; cursor: progress; }
  .note { margin: 0; font-weight: 400; color: ${(p) => p.theme.colors.muted}; }
  .problem { margin: 0; font-weight: 400; color: ${(p) => p.theme.colors.danger}; }
  .by-address { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; width: 100%; }
  .by-address input { flex: 1 1 220px; min-width: 0; max-width: 420px; }
  img { max-width: 160px; max-height: 100px; object-fit: cover; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 4px; }
`;

const TYPES = 'PNG, JPEG, WebP or GIF';

/**
 * 'Upload image' and 'Add image by address' beside an image's web address (About Us photos, the sharing image).
 * A chosen file is checked here (type, 5 MB) and sent to about-us/upload; an image on another site is fetched by
 * the store from its address (admin/upload-image-from-url), which keeps its own copy. Either way the address of
 * the store's copy is handed to `onUploaded` for the field; shows the work under way, the refusal in the server's
 * words, and a preview of what was added (its thumbnail) unless the screen shows the image itself (`preview={false}`).
 * `subject` names what the image is for ('photo 1', 'sharing').
 */
export function ImageUploadButton({ subject, onUploaded, preview = true }: { subject: string; onUploaded: (url: string) => void; preview?: boolean }) {
  const [upload, { isLoading: uploading }] = storeContentAdminApi.useUploadAboutImageMutation();
  const [fetchByAddress, { isLoading: fetching }] = storeContentAdminApi.useUploadImageFromUrlMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<{ url: string; byAddress: boolean } | null>(null);
  const [address, setAddress] = useState('');
  const busy = uploading || fetching;

  const added = (url: string, byAddress: boolean) => {
    setUploaded({ url, byAddress });
    onUploaded(url);
  };
  const start = () => {
    setFailure(null);
    setUploaded(null);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // the same file chosen again is sent again
    if (!file) return;
    start();
    const problem = chosenImageProblem(file);
    if (problem) { setFailure(problem); return; }
    try {
      added((await upload(file).unwrap()).url, false);
    } catch (error) {
      setFailure(errorMessage(error, uploadFailure('the upload did not reach the store. Please try again.')));
    }
  };

  const addByAddress = async () => {
    if (busy) return;
    start();
    const problem = imageAddressProblem(address);
    if (problem) { setFailure(problem); return; }
    try {
      added((await fetchByAddress(address.trim()).unwrap()).url, true);
      setAddress('');
    } catch (error) {
      setFailure(errorMessage(error, uploadFailure('the request did not reach the store. Please try again.')));
    }
  };
  // Enter in the address adds the image; it must not submit the form around it (the story, search and sharing).
  const onAddressKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void addByAddress();
  };

  const note = uploading ? 'Uploading image…'
    : fetching ? 'Fetching the image from its address…'
      : uploaded ? (uploaded.byAddress ? "Image added: the store's own copy of it is filled in above." : 'Image uploaded: its address is filled in above.')
        : `${TYPES}, up to ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;
  return (
    <Upload>
      <label className="pick" data-busy={uploading}>
        <input type="file" accept={UPLOAD_IMAGE_TYPES.join(',')} aria-label={`Upload image for ${subject}`} disabled={busy} onChange={(e) => void choose(e)} />
        <span aria-hidden="true">Upload image</span>
      </label>
      <div className="by-address">
        <input
          type="url" inputMode="url" maxLength={IMAGE_ADDRESS_MAX} placeholder="or an image's address: https://…" aria-label={`Image address for ${subject}`}
          value={address} readOnly={fetching} onChange={(e) => setAddress(e.target.value)} onKeyDown={onAddressKey}
        />
        <Button type="button" $variant="secondary" aria-label={`Add image by address for ${subject}`} disabled={busy} onClick={() => void addByAddress()}>Add image by address</Button>
      </div>
      <p className="note" role="status">{note}</p>
      {failure ? <p className="problem" role="alert">{failure}</p> : null}
      {uploaded && preview ? <img src={uploadedThumbnailAddress(uploaded.url) ?? uploaded.url} alt={uploaded.byAddress ? 'Preview of the added image' : 'Preview of the uploaded image'} /> : null}
    </Upload>
  );
}

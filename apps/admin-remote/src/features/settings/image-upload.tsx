import { useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { chosenImageProblem, IMAGE_UPLOAD_MAX_BYTES, UPLOAD_IMAGE_TYPES, uploadFailure } from '@platform/domain';
import { errorMessage, storeContentAdminApi } from '@platform/api-client';

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
  img { max-width: 160px; max-height: 100px; object-fit: cover; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 4px; }
`;

const TYPES = 'PNG, JPEG, WebP or GIF';

/**
 * 'Upload image' beside an image's web address (About Us photos, the sharing image): the chosen file is checked
 * here (type, 5 MB), sent to about-us/upload, and the address it answers is handed to `onUploaded` for the field;
 * shows the upload under way, the refusal in the server's words, and a preview of what was uploaded.
 */
export function ImageUploadButton({ label, onUploaded }: { label: string; onUploaded: (url: string) => void }) {
  const [upload, { isLoading }] = storeContentAdminApi.useUploadAboutImageMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // the same file chosen again is sent again
    if (!file) return;
    setFailure(null);
    setUploaded(null);
    const problem = chosenImageProblem(file);
    if (problem) { setFailure(problem); return; }
    try {
      const answer = await upload(file).unwrap();
      setUploaded(answer.url);
      onUploaded(answer.url);
    } catch (error) {
      setFailure(errorMessage(error, uploadFailure('the upload did not reach the store. Please try again.')));
    }
  };

  return (
    <Upload>
      <label className="pick" data-busy={isLoading}>
        <input type="file" accept={UPLOAD_IMAGE_TYPES.join(',')} aria-label={label} disabled={isLoading} onChange={(e) => void choose(e)} />
        <span aria-hidden="true">Upload image</span>
      </label>
      <p className="note" role="status">
        {isLoading ? 'Uploading image…' : uploaded ? 'Image uploaded: its address is filled in above.' : `${TYPES}, up to ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`}
      </p>
      {failure ? <p className="problem" role="alert">{failure}</p> : null}
      {uploaded ? <img src={uploaded} alt="Preview of the uploaded image" /> : null}
    </Upload>
  );
}

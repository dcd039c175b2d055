import { useState } from 'react';
import styled from 'styled-components';
import type { AboutUs, StoreSeoSettings } from '@platform/contracts';
import { ABOUT_IMAGES_MAX, META_DESCRIPTION_MAX, SITE_TITLE_MAX, aboutStoryProblems, storeSeoProblems, uploadedThumbnailAddress, type AboutStoryInput } from '@platform/domain';
import { errorMessage, notify, storefrontApi, storeContentAdminApi } from '@platform/api-client';
import { Button, Card, ErrorNotice, Field } from '@platform/ui';
import { LoadState, SaveBar } from './checked-save';
import { useSettingsForm } from './use-settings-form';
import { SettingsForm } from './product-listings-page';
import { ImageUploadButton } from './image-upload';

const Preview = styled.iframe`display: block; margin-top: 12px; width: 100%; min-height: 260px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; background: #fff;`;
const Photo = styled.fieldset`
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; padding: 12px; margin: 0 0 12px;
  display: grid; gap: 4px; grid-template-columns: 1fr 1fr auto; align-items: start;
  > button { margin-top: 28px; }
  legend { font-weight: 600; }
  label { margin-bottom: 0; }
  .thumbnail { display: block; width: 160px; height: 100px; object-fit: cover; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 4px; margin-bottom: 6px; }
  @media (max-width: 640px) { grid-template-columns: 1fr; > button { margin-top: 0; justify-self: start; } }
`;
const Snippet = styled.div`
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; padding: 12px; display: flex; gap: 12px; flex-wrap: wrap;
  .title { color: #1a0dab; font-size: 1.15rem; margin: 0; overflow-wrap: anywhere; }
  .url { color: #006621; margin: 2px 0; font-size: 0.9rem; }
  .desc { margin: 0; color: ${(p) => p.theme.colors.text}; overflow-wrap: anywhere; }
  img { width: 160px; height: 84px; object-fit: cover; border-radius: 4px; }
`;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
/**
 * The story as a page of its own, in a sandboxed frame: no script in it runs, whatever was typed. The server
 * removes scripts, styles and handlers when it is saved, so the saved page can only show less than this.
 */
const previewDocument = (story: AboutStoryInput, font: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Story preview</title><style>
body{font-family:${font};line-height:1.6;margin:12px;color:#1d1d1f}img{max-width:100%;height:auto}.photos{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(160px,1fr))}.photos img{height:120px;width:100%;object-fit:cover;border-radius:6px}
</style></head><body><h2>${escape(story.title.trim() || 'About Us')}</h2>${story.body}<div class="photos">${story.images.filter((i) => /^https?:\/\//i.test(i.url.trim())).map((i) => `<img src="${escape(i.url.trim())}" alt="${escape(i.alt)}">`).join('')}</div></body></html>`;

const fromAbout = (about: AboutUs): AboutStoryInput => ({ title: about.title, body: about.body, images: about.images.map((i) => ({ ...i })) });

/** About Us › Our story: the title, text (HTML) and photos shown on Store Information (GET about-us), with a preview. */
export function AboutStoryForm() {
  const story = useSettingsForm(storefrontApi.useAboutUsQuery(), storeContentAdminApi.useSaveAboutStoryMutation(), {
    from: fromAbout,
    check: (form) => ({ body: form, problems: aboutStoryProblems(form) }),
    fallback: 'The story could not be saved. Please try again.',
  });
  const { data: about, form, edit, change, problem, described } = story;
  const { data: settings } = storefrontApi.useSettingsQuery();
  // The framed preview opens on request: a frame that runs no script also keeps out tools that read the page (axe).
  const [previewing, setPreviewing] = useState(false);
  // From the form as it is then: an upload answers after the owner may have typed elsewhere.
  const setImage = (index: number, patch: Partial<AboutStoryInput['images'][number]>) =>
    edit((f) => ({ ...f, images: f.images.map((image, i) => (i === index ? { ...image, ...patch } : image)) }));

  if (story.isLoading || story.isError) return <Card><LoadState load={story} loading="Loading the story…" failed="We could not load the story." /></Card>;
  if (!form) return null;
  return (
    <SettingsForm onSubmit={story.onSubmit} noValidate aria-label="Our story">
      <Card>
        <h2>Our story</h2>
        <p className="help">Shown at the top of Store Information.{!about?.body && !about?.images.length ? ' The store has no story yet.' : ''}</p>
        <Field style={{ marginTop: 12 }}>
          Title
          <input name="title" placeholder="About Us" value={form.title} {...described('title')} onChange={(e) => change({ title: e.target.value })} />
        </Field>
        {problem('title')}
        <Field>
          Story
          <textarea name="body" rows={8} value={form.body} {...described('body')} onChange={(e) => change({ body: e.target.value })} />
        </Field>
        <p className="help" id="body-help">Paragraphs as HTML: &lt;p&gt;, &lt;strong&gt;, &lt;a href=&quot;…&quot;&gt;, lists and images are kept.</p>
        {problem('body')}
        <h3>Photos</h3>
        {problem('images')}
        {form.images.map((image, index) => (
          <Photo key={index}>
            <legend>Photo {index + 1}</legend>
            <div>
              <Field>
                Web address
                <input inputMode="url" placeholder="https://…" value={image.url} {...described(`images.${index}.url`)} onChange={(e) => setImage(index, { url: e.target.value })} />
              </Field>
              {problem(`images.${index}.url`)}
              {/* The store's own uploads have a small thumbnail: the list does not fetch each photo at full size. */}
              {uploadedThumbnailAddress(image.url) ? <img className="thumbnail" src={uploadedThumbnailAddress(image.url)!} alt={`Photo ${index + 1}${image.alt.trim() ? `: ${image.alt.trim()}` : ''}`} /> : null}
              <ImageUploadButton subject={`photo ${index + 1}`} preview={false} onUploaded={(url) => setImage(index, { url })} />
            </div>
            <div>
              <Field>
                Description
                <input value={image.alt} {...described(`images.${index}.alt`)} onChange={(e) => setImage(index, { alt: e.target.value })} />
              </Field>
              {problem(`images.${index}.alt`)}
            </div>
            <Button type="button" $variant="secondary" aria-label={`Remove photo ${index + 1}`} onClick={() => change({ images: form.images.filter((_, i) => i !== index) })}>Remove</Button>
          </Photo>
        ))}
        {form.images.length < ABOUT_IMAGES_MAX ? <Button type="button" $variant="secondary" onClick={() => change({ images: [...form.images, { url: '', alt: '' }] })}>Add a photo</Button> : null}
      </Card>
      <Card as="section" aria-labelledby="story-preview-title">
        <h2 id="story-preview-title">Preview</h2>
        <Button type="button" $variant="secondary" aria-expanded={previewing} onClick={() => setPreviewing((p) => !p)}>{previewing ? 'Hide preview' : 'Show preview'}</Button>
        {previewing ? <Preview title="Story preview" sandbox="" srcDoc={previewDocument(form, settings?.font ?? 'sans-serif')} /> : null}
      </Card>
      <SaveBar failure={story.failure} saving={story.saving} label="Save story" saved={story.saved} />
    </SettingsForm>
  );
}

/** About Us › Search and sharing: the page title, the description search engines show and the link-preview image (GET store-information). */
export function StoreSeoForm() {
  const seo = useSettingsForm(storeContentAdminApi.useStoreSeoQuery(), storeContentAdminApi.useSaveStoreSeoMutation(), {
    from: (data: StoreSeoSettings) => data,
    check: (form) => ({ body: form, problems: storeSeoProblems(form) }),
    fallback: 'The search and sharing details could not be saved. Please try again.',
  });
  const { data, form, edit, change, setSaved, problem, described } = seo;
  const { data: settings } = storefrontApi.useSettingsQuery();
  const [removeImage, { isLoading: removing }] = storeContentAdminApi.useDeleteOgImageMutation();
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);
  const remove = async () => {
    setRemoveFailure(null);
    try {
      const answer = await removeImage().unwrap();
      edit((f) => ({ ...f, og_image: answer.data.og_image }));
      setSaved(answer.message);
      notify('success', answer.message);
    } catch (error) {
      setRemoveFailure(errorMessage(error, 'The image could not be removed. Please try again.'));
    }
  };

  if (seo.isLoading || seo.isError) return <Card><LoadState load={seo} loading="Loading the search and sharing details…" failed="We could not load the search and sharing details." /></Card>;
  if (!form) return null;
  const name = settings?.businessName ?? '';
  const ogImage = /^https?:\/\//i.test(form.og_image.trim()) ? form.og_image.trim() : null;
  return (
    <SettingsForm onSubmit={seo.onSubmit} noValidate aria-label="Search and sharing">
      <Card>
        <h2>Search and sharing</h2>
        <Field style={{ marginTop: 12 }}>
          Page title
          <input name="site_title" maxLength={SITE_TITLE_MAX} placeholder={name} value={form.site_title} {...described('site_title')} onChange={(e) => change({ site_title: e.target.value })} />
        </Field>
        <p className="help">Empty: the store&rsquo;s name.</p>
        {problem('site_title')}
        <Field style={{ marginTop: 12 }}>
          Description
          <textarea name="meta_description" rows={3} maxLength={META_DESCRIPTION_MAX} value={form.meta_description} {...described('meta_description')} onChange={(e) => change({ meta_description: e.target.value })} />
        </Field>
        <p className="help">{form.meta_description.length} of {META_DESCRIPTION_MAX} characters. Search engines may show it under the title.</p>
        {problem('meta_description')}
        <Field style={{ marginTop: 12 }}>
          Sharing image
          <input name="og_image" inputMode="url" placeholder="https://…" value={form.og_image} {...described('og_image')} onChange={(e) => change({ og_image: e.target.value })} />
        </Field>
        {problem('og_image')}
        <ImageUploadButton subject="sharing" onUploaded={(url) => change({ og_image: url })} />
        <p className="help">Shown when a link to the store is shared (og:image); 1200 × 630 pixels reads best.</p>
        {data?.og_image ? <Button type="button" $variant="secondary" disabled={removing} onClick={() => void remove()}>{removing ? 'Removing…' : 'Remove the sharing image'}</Button> : null}
        {removeFailure ? <ErrorNotice>{removeFailure}</ErrorNotice> : null}
      </Card>
      <Card as="section" aria-labelledby="seo-preview-title">
        <h2 id="seo-preview-title">Preview</h2>
        <Snippet>
          {ogImage ? <img src={ogImage} alt="" /> : null}
          <div>
            <p className="title">{form.site_title.trim() || name}</p>
            <p className="url">{typeof window === 'undefined' ? '' : window.location.host}</p>
            <p className="desc">{form.meta_description.trim() || 'No description: search engines pick words from the page.'}</p>
          </div>
        </Snippet>
      </Card>
      <SaveBar failure={seo.failure} saving={seo.saving} label="Save search and sharing" saved={seo.saved} />
    </SettingsForm>
  );
}

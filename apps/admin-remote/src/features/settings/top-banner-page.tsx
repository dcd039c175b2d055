import type { HomeBannerSettings } from '@platform/contracts';
import { BANNER_LINK_TEXT_MAX, BANNER_TEXT_MAX, homeBannerProblems, isHexColor, isWebLink, normalizeHomeBanner } from '@platform/domain';
import { storeContentAdminApi } from '@platform/api-client';
import { AnnouncementLine, Button, Card, Container, Field, PageTitle } from '@platform/ui';
import { LoadState, SaveBar } from './checked-save';
import { useSettingsForm } from './use-settings-form';
import { SettingsForm } from './product-listings-page';

/** The colour picker takes #rrggbb only. */
const sixDigitColour = (hex: string) => {
  const digits = hex.trim().replace('#', '').toLowerCase();
  return `#${digits.length === 3 ? digits.split('').map((d) => d + d).join('') : digits}`;
};

/** What shoppers would see with the form as it is: the storefront's own line, or nothing while it is off. */
function BannerPreview({ form }: { form: HomeBannerSettings }) {
  if (!form.enabled || !form.text.trim()) return <p className="help">The home page shows no banner.</p>;
  const stored = normalizeHomeBanner({ ...form, background: isHexColor(form.background) ? form.background : '' });
  const link = form.link.trim() && isWebLink(form.link) ? <a href={form.link.trim()} onClick={(e) => e.preventDefault()}>{form.link_text.trim() || 'Learn more'}</a> : null;
  return <AnnouncementLine aria-label="Banner preview" $background={stored.background || 'primary'} $color={stored.color || 'onPrimary'}>{stored.text}{link}</AnnouncementLine>;
}

/** Settings › Top Banner (spec 3 settings top-banner): the announcement line across the top of the home page (GET home-banner). */
export function TopBannerPage() {
  const banner = useSettingsForm(storeContentAdminApi.useHomeBannerSettingsQuery(), storeContentAdminApi.useSaveHomeBannerMutation(), {
    from: (data: HomeBannerSettings) => data,
    check: (form) => ({ body: form, problems: homeBannerProblems(form) }),
    fallback: 'The banner could not be saved. Please try again.',
  });
  const { form, change, problem, described } = banner;

  return (
    <Container>
      <PageTitle>Top Banner</PageTitle>
      <p>A line across the top of the home page for news: opening hours, a sale, an event.</p>
      <LoadState load={banner} loading="Loading the banner…" failed="We could not load the banner." />
      {form ? (
        <SettingsForm onSubmit={banner.onSubmit} noValidate aria-label="Home banner">
          <Card>
            <label className="check">
              <input type="checkbox" name="enabled" checked={form.enabled} onChange={(e) => change({ enabled: e.target.checked })} />
              Show the banner on the home page
            </label>
            {!form.text && !form.enabled ? <p className="help">This store has no banner yet. Write one and tick the box to show it.</p> : null}
            <Field style={{ marginTop: 16 }}>
              Announcement
              <input name="text" maxLength={BANNER_TEXT_MAX} value={form.text} {...described('text')} onChange={(e) => change({ text: e.target.value })} />
            </Field>
            {problem('text')}
            <Field>
              Link (optional)
              <input name="link" inputMode="url" placeholder="/promotions or https://…" value={form.link} {...described('link')} onChange={(e) => change({ link: e.target.value })} />
            </Field>
            <p className="help">A page of the store (starting with /) or a web address.</p>
            {problem('link')}
            <Field style={{ marginTop: 12 }}>
              Link words
              <input name="link_text" maxLength={BANNER_LINK_TEXT_MAX} placeholder="Learn more" value={form.link_text} {...described('link_text')} onChange={(e) => change({ link_text: e.target.value })} />
            </Field>
            {problem('link_text')}
            <Field>
              Background colour
              <input name="background" placeholder="#1f5f99" value={form.background} {...described('background')} onChange={(e) => change({ background: e.target.value })} />
            </Field>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
              <input type="color" aria-label="Pick the background colour" value={isHexColor(form.background) ? sixDigitColour(form.background) : '#1f5f99'}
                onChange={(e) => change({ background: e.target.value })} style={{ width: 48, height: 40, padding: 2 }} />
              {form.background ? <Button type="button" $variant="secondary" onClick={() => change({ background: '' })}>Use the store&rsquo;s colour</Button> : null}
            </div>
            <p className="help">Empty: the store&rsquo;s main colour. The text is black or white, whichever reads better.</p>
            {problem('background')}
          </Card>
          <Card as="section" aria-labelledby="banner-preview-title">
            <h2 id="banner-preview-title">Preview</h2>
            <BannerPreview form={form} />
          </Card>
          <SaveBar failure={banner.failure} saving={banner.saving} label="Save banner" saved={banner.saved} />
        </SettingsForm>
      ) : null}
    </Container>
  );
}

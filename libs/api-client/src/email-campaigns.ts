import type { CampaignStatus } from '@platform/domain';
import { platformApi } from './api';

/** One of the store's e-mail campaigns as the admin's Emails screens show it. */
export interface EmailCampaignItem {
  id: string; subject: string; body: string; status: CampaignStatus; recipients: number;
  created_at: string; updated_at: string; sent_at: string | null; sent_by: string | null;
}
type Answer = { status: string; message: string };
type WithCampaign = Answer & { data: EmailCampaignItem };

/** The admin's Emails area (view_emails): drafts, test sends and sending to the customers who agreed. */
export const emailCampaignsApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    emailCampaigns: build.query<{ data: EmailCampaignItem[]; audience: number }, void>({ query: () => 'admin/email-campaigns', providesTags: ['EmailCampaigns'] }),
    emailCampaign: build.query<{ data: EmailCampaignItem; audience: number }, string>({ query: (id) => `admin/email-campaigns/${encodeURIComponent(id)}`, providesTags: ['EmailCampaigns'] }),
    createEmailCampaign: build.mutation<WithCampaign, { subject: string; body: string }>({
      query: (body) => ({ url: 'admin/email-campaigns', method: 'POST', body }), invalidatesTags: ['EmailCampaigns'],
    }),
    updateEmailCampaign: build.mutation<WithCampaign, { id: string; subject: string; body: string }>({
      query: ({ id, ...body }) => ({ url: `admin/email-campaigns/${encodeURIComponent(id)}`, method: 'POST', body }), invalidatesTags: ['EmailCampaigns'],
    }),
    deleteEmailCampaign: build.mutation<Answer, string>({
      query: (id) => ({ url: `admin/email-campaigns/${encodeURIComponent(id)}`, method: 'DELETE' }), invalidatesTags: ['EmailCampaigns'],
    }),
    testEmailCampaign: build.mutation<Answer, { id: string; to: string }>({
      query: ({ id, ...body }) => ({ url: `admin/email-campaigns/${encodeURIComponent(id)}/test`, method: 'POST', body }),
    }),
    /** audience: the count the admin confirmed; the server refuses if it changed meanwhile. */
    sendEmailCampaign: build.mutation<WithCampaign, { id: string; audience: number }>({
      query: ({ id, ...body }) => ({ url: `admin/email-campaigns/${encodeURIComponent(id)}/send`, method: 'POST', body }), invalidatesTags: ['EmailCampaigns'],
    }),
  }),
});

import { createInviteBody, type CreateInviteBody } from '@fairway/domain';
import type { z } from 'zod';
import { zodFormResolver } from '../../../../lib/form-validation';
import { sitesRequired } from '../../components/access-form';

/** Add User (spec §2 Invites): email, role, sites (required below superadmin) and the mail's language. */
export const inviteForm = createInviteBody.refine(...sitesRequired);

export interface InviteFormValues {
  email: string;
  role: string;
  sites: string[];
  lang: string;
}
export type InviteFormOutput = z.output<typeof inviteForm>;

/** A new invite is for a club admin in English unless chosen otherwise. */
export const NEW_INVITE: InviteFormValues = { email: '', role: 'admin', sites: [], lang: 'en' };

/** The form holds what the boxes hold (see user-form.ts); the schema's stricter input type is widened here. */
export const inviteFormResolver = zodFormResolver(
  inviteForm as unknown as z.ZodType<InviteFormOutput, InviteFormValues>,
);

/** A superadmin holds every site: their invite carries none. */
export const inviteBody = (form: InviteFormOutput): CreateInviteBody => ({
  ...form,
  sites: form.role === 'superadmin' ? [] : form.sites,
});

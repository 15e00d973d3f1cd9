import { adminSectionPage } from '../AdminSectionPage';

/** Placeholder while the page is built (issue 21). */
export const InvitesPage = adminSectionPage('invites');

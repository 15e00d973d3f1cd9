import { adminSectionPage } from '../AdminSectionPage';

/** The Device Manager (issue 20): placeholder until its table lands. */
export const DevicesPage = adminSectionPage('devices');

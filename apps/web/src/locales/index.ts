import csCart from './cs/cart.json';
import csCommands from './cs/commands.json';
import csCommon from './cs/common.json';
import csFleet from './cs/fleet.json';
import csHistory from './cs/history.json';
import csMap from './cs/map.json';
import csZones from './cs/zones.json';
import daCart from './da/cart.json';
import daCommands from './da/commands.json';
import daCommon from './da/common.json';
import daFleet from './da/fleet.json';
import daHistory from './da/history.json';
import daMap from './da/map.json';
import daZones from './da/zones.json';
import deCart from './de/cart.json';
import deCommands from './de/commands.json';
import deCommon from './de/common.json';
import deFleet from './de/fleet.json';
import deHistory from './de/history.json';
import deMap from './de/map.json';
import deZones from './de/zones.json';
import enCart from './en/cart.json';
import enCommands from './en/commands.json';
import enCommon from './en/common.json';
import enFleet from './en/fleet.json';
import enHistory from './en/history.json';
import enMap from './en/map.json';
import enZones from './en/zones.json';
import enCourse from './en/course.json';
import deCourse from './de/course.json';
import daCourse from './da/course.json';
import csCourse from './cs/course.json';
import enOverrun from './en/overrun.json';
import deOverrun from './de/overrun.json';
import daOverrun from './da/overrun.json';
import csOverrun from './cs/overrun.json';

import csMembers from './cs/members.json';
import csMemberCodes from './cs/memberCodes.json';
import csMemberImport from './cs/memberImport.json';
import csUserGroups from './cs/userGroups.json';
import daMembers from './da/members.json';
import daMemberCodes from './da/memberCodes.json';
import daMemberImport from './da/memberImport.json';
import daUserGroups from './da/userGroups.json';
import deMembers from './de/members.json';
import deMemberCodes from './de/memberCodes.json';
import deMemberImport from './de/memberImport.json';
import deUserGroups from './de/userGroups.json';
import enMembers from './en/members.json';
import enMemberCodes from './en/memberCodes.json';
import enMemberImport from './en/memberImport.json';
import enUserGroups from './en/userGroups.json';

import enSettings from './en/settings.json';
import deSettings from './de/settings.json';
import daSettings from './da/settings.json';
import csSettings from './cs/settings.json';
import enAccount from './en/account.json';
import deAccount from './de/account.json';
import daAccount from './da/account.json';
import csAccount from './cs/account.json';
import enServices from './en/services.json';
import deServices from './de/services.json';
import daServices from './da/services.json';
import csServices from './cs/services.json';
import enBooking from './en/booking.json';
import deBooking from './de/booking.json';
import daBooking from './da/booking.json';
import csBooking from './cs/booking.json';
import enPublicProfile from './en/publicProfile.json';
import dePublicProfile from './de/publicProfile.json';
import daPublicProfile from './da/publicProfile.json';
import csPublicProfile from './cs/publicProfile.json';
import enSandbox from './en/sandbox.json';
import deSandbox from './de/sandbox.json';
import daSandbox from './da/sandbox.json';
import csSandbox from './cs/sandbox.json';
import enSandboxCheckout from './en/sandboxCheckout.json';
import deSandboxCheckout from './de/sandboxCheckout.json';
import daSandboxCheckout from './da/sandboxCheckout.json';
import csSandboxCheckout from './cs/sandboxCheckout.json';
import enRevenue from './en/revenue.json';
import deRevenue from './de/revenue.json';
import daRevenue from './da/revenue.json';
import csRevenue from './cs/revenue.json';
import enReports from './en/reports.json';
import deReports from './de/reports.json';
import daReports from './da/reports.json';
import csReports from './cs/reports.json';
import enRides from './en/rides.json';
import deRides from './de/rides.json';
import daRides from './da/rides.json';
import csRides from './cs/rides.json';
import enBookings from './en/bookings.json';
import deBookings from './de/bookings.json';
import daBookings from './da/bookings.json';
import csBookings from './cs/bookings.json';
import enUsage from './en/usage.json';
import deUsage from './de/usage.json';
import daUsage from './da/usage.json';
import csUsage from './cs/usage.json';
import enAdminDevices from './en/adminDevices.json';
import deAdminDevices from './de/adminDevices.json';
import daAdminDevices from './da/adminDevices.json';
import csAdminDevices from './cs/adminDevices.json';
import enAdminDeviceTools from './en/adminDeviceTools.json';
import deAdminDeviceTools from './de/adminDeviceTools.json';
import daAdminDeviceTools from './da/adminDeviceTools.json';
import csAdminDeviceTools from './cs/adminDeviceTools.json';
import enAdminFirmware from './en/adminFirmware.json';
import deAdminFirmware from './de/adminFirmware.json';
import daAdminFirmware from './da/adminFirmware.json';
import csAdminFirmware from './cs/adminFirmware.json';
import enAdminUsers from './en/adminUsers.json';
import deAdminUsers from './de/adminUsers.json';
import daAdminUsers from './da/adminUsers.json';
import csAdminUsers from './cs/adminUsers.json';
import enAdminSites from './en/adminSites.json';
import deAdminSites from './de/adminSites.json';
import daAdminSites from './da/adminSites.json';
import csAdminSites from './cs/adminSites.json';
import enAdminClients from './en/adminClients.json';
import deAdminClients from './de/adminClients.json';
import daAdminClients from './da/adminClients.json';
import csAdminClients from './cs/adminClients.json';
import enAdminDashboard from './en/adminDashboard.json';
import deAdminDashboard from './de/adminDashboard.json';
import daAdminDashboard from './da/adminDashboard.json';
import csAdminDashboard from './cs/adminDashboard.json';
import enAdminActivity from './en/adminActivity.json';
import deAdminActivity from './de/adminActivity.json';
import daAdminActivity from './da/adminActivity.json';
import csAdminActivity from './cs/adminActivity.json';
import enGbfs from './en/gbfs.json';
import deGbfs from './de/gbfs.json';
import daGbfs from './da/gbfs.json';
import csGbfs from './cs/gbfs.json';
import enDamageReports from './en/damageReports.json';
import deDamageReports from './de/damageReports.json';
import daDamageReports from './da/damageReports.json';
import csDamageReports from './cs/damageReports.json';
import enAdminWebhooks from './en/adminWebhooks.json';
import deAdminWebhooks from './de/adminWebhooks.json';
import daAdminWebhooks from './da/adminWebhooks.json';
import csAdminWebhooks from './cs/adminWebhooks.json';
/**
 * One bundle per language, assembled from a file per feature: `common.json` holds the app-wide keys at the
 * top level, each feature file sits under its own name (`t('fleet.title')`). Features own their file, so
 * work on one screen never edits another screen's strings.
 */
const bundle = <C, F>(common: C, features: F) => ({ ...common, ...features });

const en = bundle(enCommon, {
  cart: enCart,
  commands: enCommands,
  fleet: enFleet,
  history: enHistory,
  map: enMap,
  zones: enZones,
  course: enCourse,
  overrun: enOverrun,
  members: enMembers,
  memberCodes: enMemberCodes,
  memberImport: enMemberImport,
  userGroups: enUserGroups,
  settings: enSettings,
  account: enAccount,
  services: enServices,
  booking: enBooking,
  publicProfile: enPublicProfile,
  sandbox: enSandbox,
  sandboxCheckout: enSandboxCheckout,
  revenue: enRevenue,
  reports: enReports,
  rides: enRides,
  bookings: enBookings,
  usage: enUsage,
  adminDevices: enAdminDevices,
  adminDeviceTools: enAdminDeviceTools,
  adminFirmware: enAdminFirmware,
  adminUsers: enAdminUsers,
  adminSites: enAdminSites,
  adminClients: enAdminClients,
  adminDashboard: enAdminDashboard,
  adminActivity: enAdminActivity,
  gbfs: enGbfs,
  damageReports: enDamageReports,
  adminWebhooks: enAdminWebhooks,
});

type Bundle = typeof en;

export const translations: Record<'en' | 'de' | 'da' | 'cs', Bundle> = {
  en,
  de: bundle(deCommon, {
    cart: deCart,
    commands: deCommands,
    fleet: deFleet,
    history: deHistory,
    map: deMap,
    zones: deZones,
    course: deCourse,
    overrun: deOverrun,
    members: deMembers,
    memberCodes: deMemberCodes,
    memberImport: deMemberImport,
    userGroups: deUserGroups,
    settings: deSettings,
    account: deAccount,
    services: deServices,
    booking: deBooking,
    publicProfile: dePublicProfile,
    sandbox: deSandbox,
    sandboxCheckout: deSandboxCheckout,
    revenue: deRevenue,
    reports: deReports,
    rides: deRides,
    bookings: deBookings,
    usage: deUsage,
    adminDevices: deAdminDevices,
    adminDeviceTools: deAdminDeviceTools,
    adminFirmware: deAdminFirmware,
    adminUsers: deAdminUsers,
    adminSites: deAdminSites,
    adminClients: deAdminClients,
    adminDashboard: deAdminDashboard,
    adminActivity: deAdminActivity,
    gbfs: deGbfs,
    damageReports: deDamageReports,
    adminWebhooks: deAdminWebhooks,
  }) as Bundle,
  da: bundle(daCommon, {
    cart: daCart,
    commands: daCommands,
    fleet: daFleet,
    history: daHistory,
    map: daMap,
    zones: daZones,
    course: daCourse,
    overrun: daOverrun,
    members: daMembers,
    memberCodes: daMemberCodes,
    memberImport: daMemberImport,
    userGroups: daUserGroups,
    settings: daSettings,
    account: daAccount,
    services: daServices,
    booking: daBooking,
    publicProfile: daPublicProfile,
    sandbox: daSandbox,
    sandboxCheckout: daSandboxCheckout,
    revenue: daRevenue,
    reports: daReports,
    rides: daRides,
    bookings: daBookings,
    usage: daUsage,
    adminDevices: daAdminDevices,
    adminDeviceTools: daAdminDeviceTools,
    adminFirmware: daAdminFirmware,
    adminUsers: daAdminUsers,
    adminSites: daAdminSites,
    adminClients: daAdminClients,
    adminDashboard: daAdminDashboard,
    adminActivity: daAdminActivity,
    gbfs: daGbfs,
    damageReports: daDamageReports,
    adminWebhooks: daAdminWebhooks,
  }) as Bundle,
  cs: bundle(csCommon, {
    cart: csCart,
    commands: csCommands,
    fleet: csFleet,
    history: csHistory,
    map: csMap,
    zones: csZones,
    course: csCourse,
    overrun: csOverrun,
    members: csMembers,
    memberCodes: csMemberCodes,
    memberImport: csMemberImport,
    userGroups: csUserGroups,
    settings: csSettings,
    account: csAccount,
    services: csServices,
    booking: csBooking,
    publicProfile: csPublicProfile,
    sandbox: csSandbox,
    sandboxCheckout: csSandboxCheckout,
    revenue: csRevenue,
    reports: csReports,
    rides: csRides,
    bookings: csBookings,
    usage: csUsage,
    adminDevices: csAdminDevices,
    adminDeviceTools: csAdminDeviceTools,
    adminFirmware: csAdminFirmware,
    adminUsers: csAdminUsers,
    adminSites: csAdminSites,
    adminClients: csAdminClients,
    adminDashboard: csAdminDashboard,
    adminActivity: csAdminActivity,
    gbfs: csGbfs,
    damageReports: csDamageReports,
    adminWebhooks: csAdminWebhooks,
  }) as Bundle,
};

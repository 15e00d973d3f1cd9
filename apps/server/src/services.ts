import type { CoreContext } from './context';
import { ActivityRepository } from './modules/activity/activity.repository';
import { ActivityService } from './modules/activity/activity.service';
import { AdminDashboardRepository } from './modules/admin-dashboard/admin-dashboard.repository';
import { AdminDashboardService } from './modules/admin-dashboard/admin-dashboard.service';
import { AuthRepository } from './modules/auth/auth.repository';
import { AuthService } from './modules/auth/auth.service';
import { SessionCheck } from './modules/auth/session-check';
// bookings (issue 17)
import { BookingAvailabilityService } from './modules/bookings/booking-availability.service';
import { BookingSweepService } from './modules/bookings/booking-sweep.service';
import { BookingsRepository } from './modules/bookings/bookings.repository';
import { BookingsService } from './modules/bookings/bookings.service';
import { AdminBookingsRepository } from './modules/bookings/admin-bookings.repository';
import { AdminBookingsService } from './modules/bookings/admin-bookings.service';
import { ReportBlocks } from './modules/bookings/report-blocks';
import { ClientApiService } from './modules/clients/client-api.service';
import { ApiClientsRepository } from './modules/clients/clients.repository';
import { ApiClientsService } from './modules/clients/clients.service';
import { CodesRepository } from './modules/codes/codes.repository';
import { CodesService } from './modules/codes/codes.service';
import { CommandsRepository } from './modules/commands/commands.repository';
import { CommandsService } from './modules/commands/commands.service';
import { DamageReportsRepository } from './modules/damage-reports/damage-reports.repository';
import { DamageReportsService } from './modules/damage-reports/damage-reports.service';
import { CoursesRepository } from './modules/courses/courses.repository';
import { CoursesService } from './modules/courses/courses.service';
import { DeviceConfigService } from './modules/device-config/device-config.service';
import { DeviceLogsRepository } from './modules/device-logs/device-logs.repository';
import { DeviceLogsService } from './modules/device-logs/device-logs.service';
import { BatteryRepository } from './modules/devices/battery.repository';
import { BatteryService } from './modules/devices/battery.service';
import { CartActivityLookup } from './modules/devices/cart-activity-lookup';
import { DevicesRepository } from './modules/devices/devices.repository';
import { DevicesService } from './modules/devices/devices.service';
import { AdminDevicesRepository } from './modules/devices/admin-devices.repository';
import { AdminDevicesService } from './modules/devices/admin-devices.service';
import { CodeAttemptLimiter } from './modules/guest/code-attempts';
import { GuestBookingsRepository } from './modules/guest/guest-bookings.repository';
import { GuestBookingsService } from './modules/guest/guest-bookings.service';
import { GuestCartsRepository } from './modules/guest/guest-carts.repository';
import { GuestCartsService } from './modules/guest/guest-carts.service';
import { GuestKeysRepository } from './modules/guest/guest-keys.repository';
import { GuestKeyBookingsService } from './modules/guest/guest-key-bookings.service';
import { GuestKeysService } from './modules/guest/guest-keys.service';
import { GuestMasterRepository } from './modules/guest/guest-master.repository';
import { GuestMasterService } from './modules/guest/guest-master.service';
import { GuestSessionsService } from './modules/guest/guest-sessions.service';
import { HistoryRepository } from './modules/history/history.repository';
import { HistoryRollup } from './modules/history/history.rollup';
import { HistoryService } from './modules/history/history.service';
import { PositionsPartitions } from './modules/history/positions-partitions';
import { RollupRepository } from './modules/history/rollup.repository';
import { MemberImportService } from './modules/members/member-import.service';
import { MemberLinksRepository } from './modules/members/member-links.repository';
import { MemberLinksService } from './modules/members/member-links.service';
import { MembersRepository } from './modules/members/members.repository';
import { MembersService } from './modules/members/members.service';
import { CheckoutService } from './modules/payments/checkout.service';
import { OnboardingService } from './modules/payments/onboarding.service';
import { PaidBookings, purchasesByPurpose } from './modules/payments/paid-bookings';
import { PaymentsRepository } from './modules/payments/payments.repository';
import { PaymentsService } from './modules/payments/payments.service';
import { AdminPaymentsRepository } from './modules/payments/admin-payments.repository';
import { AdminPaymentsService } from './modules/payments/admin-payments.service';
import { platformSecret } from './modules/platform/platform.service';
import { RefundsService } from './modules/payments/refunds.service';
import { WebhooksService } from './modules/payments/webhooks.service';
import { ProfilesRepository } from './modules/profiles/profiles.repository';
import { FirmwareRepository } from './modules/firmware/firmware.repository';
import { FirmwareFilesService } from './modules/firmware/firmware-files.service';
import { FirmwareUpdatesService } from './modules/firmware/firmware-updates.service';
import { ProfilesService } from './modules/profiles/profiles.service';
import { UsageRepository } from './modules/reports/usage.repository';
import { UsageService } from './modules/reports/usage.service';
import { UsageExportRepository } from './modules/reports/usage-export.repository';
import { UsageExportService } from './modules/reports/usage-export.service';
import { CodeActivityRepository } from './modules/rides/code-activity.repository';
import { OperatorLockService } from './modules/rides/operator-lock.service';
import { PerCartQueue } from './modules/rides/per-cart-queue';
import { PaidRidesService } from './modules/rides/paid-rides.service';
import { RideCartReactions } from './modules/rides/ride-lifecycle.reactions';
import { RideLifecycleRepository } from './modules/rides/ride-lifecycle.repository';
import { RideLifecycleService } from './modules/rides/ride-lifecycle.service';
import { RideOverrunRepository } from './modules/rides/ride-overrun.repository';
import { RideOverrunService } from './modules/rides/ride-overrun.service';
import { RideViewsRepository } from './modules/rides/ride-views.repository';
import { RideViewsService } from './modules/rides/ride-views.service';
import { RidesRepository } from './modules/rides/rides.repository';
import { RidesService } from './modules/rides/rides.service';
import { ServicesRepository } from './modules/services/services.repository';
import { ServicesService } from './modules/services/services.service';
import { SimCardsRepository } from './modules/sim-cards/sim-cards.repository';
import { SimCardsService } from './modules/sim-cards/sim-cards.service';
import { createSimProvider } from './lib/sim-provider/sim-providers';
import { PosterService } from './modules/sites/poster/poster.service';
import { SiteAccess } from './modules/sites/site-access';
import { SiteImagesRepository } from './modules/sites/site-images.repository';
import { SiteImagesService } from './modules/sites/site-images.service';
import { SitesRepository } from './modules/sites/sites.repository';
import { SitesService } from './modules/sites/sites.service';
import { CrispSupportDirectory } from './modules/support/crisp-support-directory';
import { LocalSupportDirectory } from './modules/support/local-support-directory';
import type { SupportDirectory } from './modules/support/support-directory';
import { SupportExportRepository } from './modules/support/support-export.repository';
import { SupportExportService } from './modules/support/support-export.service';
import { UserGroupsRepository } from './modules/user-groups/user-groups.repository';
import { UserGroupsService } from './modules/user-groups/user-groups.service';
import { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';
import { ZoneActivityRepository } from './modules/zones/zone-activity.repository';
import { ZoneAlerts } from './modules/zones/zone-alerts';
import { ZonesRepository } from './modules/zones/zones.repository';
import { ZonesService } from './modules/zones/zones.service';
import { webhooksMayReachPrivate } from './config';
import { WebhookDeliveryService } from './modules/webhooks/webhook-delivery.service';
import { WebhookOutbox } from './modules/webhooks/webhook-outbox';
import { refundWebhooks, withPaymentWebhooks } from './modules/webhooks/webhook-payments';
import { WebhookSender } from './modules/webhooks/webhook-sender';
import { WebhookEventSources } from './modules/webhooks/webhook-sources';
import { WebhookSubscriptionsService } from './modules/webhooks/webhook-subscriptions.service';
import { WebhooksRepository } from './modules/webhooks/webhooks.repository';
import { GbfsRepository } from './modules/gbfs/gbfs.repository';
import { GbfsService } from './modules/gbfs/gbfs.service';

/**
 * Every repository, built once on the pool. A service gets the ones it reads through its constructor; inside
 * a transaction of its own it runs them there with `repository.in(tx)`.
 */
function buildRepositories({ db, database }: CoreContext) {
  return {
    apiClients: new ApiClientsRepository(db),
    activity: new ActivityRepository(db),
    adminDevices: new AdminDevicesRepository(db),
    adminDashboard: new AdminDashboardRepository(db),
    adminBookings: new AdminBookingsRepository(db),
    adminPayments: new AdminPaymentsRepository(db),
    auth: new AuthRepository(db),
    battery: new BatteryRepository(db),
    bookings: new BookingsRepository(db),
    codeActivity: new CodeActivityRepository(db),
    codes: new CodesRepository(db),
    commands: new CommandsRepository(db),
    damageReports: new DamageReportsRepository(db),
    courses: new CoursesRepository(db),
    deviceLogs: new DeviceLogsRepository(db),
    devices: new DevicesRepository(db),
    guestBookings: new GuestBookingsRepository(db),
    guestCarts: new GuestCartsRepository(db),
    guestKeys: new GuestKeysRepository(db),
    guestMaster: new GuestMasterRepository(db),
    history: new HistoryRepository(database.pool),
    memberLinks: new MemberLinksRepository(db),
    members: new MembersRepository(db),
    payments: new PaymentsRepository(db),
    profiles: new ProfilesRepository(db),
    firmware: new FirmwareRepository(db),
    rideLifecycle: new RideLifecycleRepository(db),
    rideViews: new RideViewsRepository(db),
    rideOverrun: new RideOverrunRepository(db),
    rides: new RidesRepository(db),
    rollups: new RollupRepository(database.pool),
    services: new ServicesRepository(db),
    siteImages: new SiteImagesRepository(db),
    sites: new SitesRepository(db),
    usage: new UsageRepository(db),
    usageExport: new UsageExportRepository(db),
    supportExport: new SupportExportRepository(db),
    userGroups: new UserGroupsRepository(db),
    users: new UsersRepository(db),
    zoneActivity: new ZoneActivityRepository(db),
    zones: new ZonesRepository(db),
    webhooks: new WebhooksRepository(db),
    gbfs: new GbfsRepository(db),
  };
}

/**
 * The composition root's second half (runtime.ts builds the core parts: database, broker, device gateway,
 * commands, device configs, payment provider): every repository and service is built here, once, and
 * reaches routes, jobs and gateways through the app context; no route, job or service builds one. A flow
 * that spans modules (an operator's unlock that opens a ride, a paid unlock) is a named service, never a
 * sequence of calls in a handler; a module that needs another's behaviour names a port, wired here.
 */
export function buildServices(core: CoreContext) {
  const { db, bus, log } = core;
  const repos = buildRepositories(core);
  // Settings, codes and zones into carts' versioned, retained configs (delivered on reconnect).
  const deviceConfig = new DeviceConfigService(db, core.deviceChannel, bus, log);
  // Commands to carts; one per process, because it also wakes the requests waiting for an answer.
  const commands = new CommandsService(
    repos.commands,
    repos.sites,
    core.deviceChannel,
    deviceConfig,
    bus,
    log,
  );

  // The outbound webhooks' outbox (issue 23 item 2): a payment's success or refund stores its events in the
  // transaction that records it.
  const webhookOutbox = new WebhookOutbox(repos.webhooks);
  const refunds = new RefundsService(db, repos.payments, core.payments, refundWebhooks(webhookOutbox));
  const lifecycle = new RideLifecycleService(repos.rideLifecycle, commands, refunds, bus, log);
  // The site's course layout (issue 23); `holesOf` names the hole in the rides' overrun alerts and pane.
  const courses = new CoursesService(repos.courses, bus);
  const rideViews = new RideViewsService(repos.rideViews, bus, lifecycle, courses);
  // Each cart's ride work in order (code-rides.ts), which an operator's unlock waits for.
  const cartWork = new PerCartQueue();
  const rides = {
    lifecycle,
    views: rideViews,
    operatorLock: new OperatorLockService(commands, lifecycle, cartWork),
    cartWork,
    // Overdue rides alerted once each (issue 23), swept by the 'ride-overrun' job.
    overrun: new RideOverrunService(repos.rideOverrun, courses, bus, log),
    // What a succeeded payment buys (the payments module's PaidPurchase), and the sweep of paid unlocks.
    paid: new PaidRidesService(
      db,
      repos.payments,
      lifecycle,
      refunds,
      log,
      core.config.PAID_UNLOCK_REFUND_SECONDS * 1000,
    ),
    // Keypad and RFID rides, and what the carts' reports and command answers do to rides (code-rides.ts).
    codes: new RidesService(repos.rides, repos.codeActivity, deviceConfig, bus, log),
    cartReactions: new RideCartReactions(lifecycle, repos.rideLifecycle),
  };

  const onboarding = new OnboardingService(db, core.payments);
  const paymentFlows = {
    refunds,
    onboarding,
    webhooks: new WebhooksService(
      db,
      repos.payments,
      core.payments,
      onboarding,
      withPaymentWebhooks(
        purchasesByPurpose({ ride: rides.paid, booking: new PaidBookings(bus, log) }),
        webhookOutbox,
      ),
      log,
    ),
    checkout: new CheckoutService(db, repos.sites, repos.payments, core.payments, log),
    payments: new PaymentsService(repos.payments, repos.sites, core.payments, refunds),
  };

  const guestKeys = new GuestKeysService(repos.guestKeys);
  // One lookup (and its cache) for every cart view that leaves the server: lists, pushes, command answers.
  const cartActivity = new CartActivityLookup(db, bus);
  const auth = new AuthService(core, repos.users, repos.auth);
  const members = new MembersService(db, repos.members, repos.sites, repos.userGroups);

  // bookings (issue 17): the rides module's lifecycle opens a booking's ride through the bookings' own port.
  const bookings = new BookingsService(repos.bookings, rides.lifecycle, bus);
  const bookingParts = {
    bookings,
    bookingAvailability: new BookingAvailabilityService(repos.bookings),
    bookingSweep: new BookingSweepService(repos.bookings, bookings, bus, log),
  };
  // end bookings (issue 17)
  // The site portal's key booking form and master-key page (issue 18).
  const guestPortal = {
    guestKeyBookings: new GuestKeyBookingsService(
      repos.guestKeys,
      repos.bookings,
      bookingParts.bookingAvailability,
      bus,
    ),
    guestMaster: new GuestMasterService(guestKeys, repos.guestMaster, repos.guestCarts, commands),
  };
  // The guest booking page (issue 18): the bookings' own unlock and edit, the rides' pause and resume.
  const guestBookings = new GuestBookingsService(
    repos.guestBookings,
    bookings,
    bookingParts.bookingAvailability,
    rides.lifecycle,
  );

  const usage = new UsageService(repos.usage);
  const services = new ServicesService(db, repos.services);

  return {
    ...core,
    deviceConfig,
    commands,
    // The side panel's WiFi scans, log snapshots, system logs and log files (issue 20).
    deviceLogs: new DeviceLogsService(repos.deviceLogs, commands, log),
    rides,
    paymentFlows,
    cartActivity,
    devices: new DevicesService(
      repos.devices,
      repos.sites,
      core.deviceProvisioner,
      bus,
      deviceConfig,
      cartActivity,
    ),
    // The Device Manager (issue 20): paged list, find, CSV, bulk actions, delete and replace.
    adminDevices: new AdminDevicesService(
      repos.adminDevices,
      repos.devices,
      repos.sites,
      deviceConfig,
      core.deviceProvisioner,
      bus,
      log,
    ),
    battery: new BatteryService(repos.battery),
    history: new HistoryService(core.database.pool, repos.history),
    // Reports → Usage (issue 19): GET /rides/chart, and its CSV and PDF exports.
    usage,
    usageExport: new UsageExportService(repos.usageExport, usage),
    historyRollup: new HistoryRollup(core.database.pool, repos.history, repos.rollups, log),
    // positions by month: the coming months made, those past the retention dropped once rolled up (issue 22).
    positionsPartitions: new PositionsPartitions(core.database.pool, repos.rollups, log, {
      retentionMonths: core.config.POSITIONS_RETENTION_MONTHS,
    }),
    sites: new SitesService(
      db,
      repos.sites,
      repos.services,
      deviceConfig,
      async (tx, siteId, value) => (await repos.codes.in(tx).findByValue(siteId, value)) !== null,
      bus,
    ),
    siteImages: new SiteImagesService(repos.siteImages, core.files, log),
    // The firmware manager's images and firmware over the air (issue 20).
    firmwareFiles: new FirmwareFilesService(repos.firmware, core.privateFiles, log),
    firmwareUpdates: new FirmwareUpdatesService(repos.firmware, core.privateFiles, commands, bus, log),
    posters: new PosterService(repos.sites, core.files, core.config.publicUrl, log),
    zones: new ZonesService(repos.zones, deviceConfig, bus),
    // The clubs' open GBFS feeds (issue 23): public, read-only, one query per file.
    gbfs: new GbfsService(repos.gbfs, gbfsContactEmail(core.config)),
    // The site's course layout (issue 23), built above: the rides read its holes.
    courses,
    zoneAlerts: new ZoneAlerts(
      { devices: repos.devices, zones: repos.zones, activityLog: repos.zoneActivity },
      bus,
      log,
    ),
    auth,
    // The site rule and the session check of every request and socket (plugins/auth.ts, realtime).
    siteAccess: new SiteAccess(repos.users, repos.sites),
    sessionCheck: new SessionCheck(db, core.tokens, bus),
    users: new UsersService(core, repos.users, auth),
    // The admin console (issue 21): platform dashboard, activity viewer, users' support-tool export.
    adminDashboard: new AdminDashboardService(repos.adminDashboard),
    activity: new ActivityService(repos.activity),
    supportExport: new SupportExportService(repos.supportExport, supportDirectory(core)),
    userGroups: new UserGroupsService(repos.userGroups),
    members,
    memberImport: new MemberImportService(repos.members, members),
    memberLinks: new MemberLinksService(repos.memberLinks, repos.profiles, members),
    // Guest-app profiles members link to (issue 21, superadmin).
    profiles: new ProfilesService(repos.profiles),
    // Every site's bookings and payments for the platform admins (issue 21): bookings change through the
    // calendar's own service, checkouts end at the provider.
    adminBookings: new AdminBookingsService(repos.adminBookings, bookings),
    adminPayments: new AdminPaymentsService(repos.adminPayments, core.payments, log),
    codes: new CodesService(repos.codes, repos.sites, core.mail, deviceConfig),
    services,
    guestCarts: new GuestCartsService(repos.guestCarts, repos.sites, rides.lifecycle, guestKeys),
    guestKeys,
    // One limiter for every guest route that takes a code: an address's tries count together.
    codeAttempts: new CodeAttemptLimiter(),
    guestSessions: new GuestSessionsService(rides.views, rides.lifecycle),
    guestBookings,
    ...bookingParts,
    // Guests' damage reports (issue 23): a blocking category takes the cart out through the bookings' blocks.
    damageReports: new DamageReportsService(
      repos.damageReports,
      new ReportBlocks(repos.bookings, bus),
      core.privateFiles,
      onceAsync(() => platformSecret(db, 'damage-reporter-secret')),
      bus,
      log,
    ),
    ...guestPortal,
    // API clients and the client API for booking systems (issue 21): bookings through the bookings' rules.
    apiClients: new ApiClientsService(repos.apiClients, log),
    clientApi: new ClientApiService(repos.apiClients, bookings, bookingParts.bookingAvailability, services),
    // Outbound webhooks (issue 23 item 2): subscriptions, the events' listeners and catch-up, the deliveries.
    webhooks: {
      outbox: webhookOutbox,
      subscriptions: new WebhookSubscriptionsService(
        repos.webhooks,
        webhookOutbox,
        webhooksMayReachPrivate(core.config),
      ),
      sources: new WebhookEventSources(
        webhookOutbox,
        repos.webhooks,
        { ride: (id) => rideViews.viewById(id), booking: (siteId, id) => repos.bookings.find(siteId, id) },
        bus,
        log,
      ),
      deliveries: new WebhookDeliveryService(
        repos.webhooks,
        new WebhookSender({ allowPrivate: webhooksMayReachPrivate(core.config) }),
        core.mail,
        log,
      ),
    },
    // Trackers' SIM cards (issue 20): the real SIM provider when SIM_PROVIDER_URL is set, else the sandbox.
    simCards: new SimCardsService(new SimCardsRepository(db), createSimProvider(core.config, db), bus, log),
  };
}

/** The first call's promise, shared by every later call (a secret read once per process, when first needed). */
function onceAsync<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null; // a database that was away is asked again next time
      throw error;
    });
    return pending;
  };
}

/** The GBFS feeds' contact: GBFS_CONTACT_EMAIL, else the address MAIL_FROM sends from (a role address). */
function gbfsContactEmail(config: CoreContext['config']): string {
  if (config.GBFS_CONTACT_EMAIL) return config.GBFS_CONTACT_EMAIL;
  return /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
}

/**
 * Where the users' support-tool export goes: Crisp when its keys are configured, else the local directory
 * (docs/decisions.md, Admin console: the local one runs in the demo and the tests).
 */
function supportDirectory({ config, db }: CoreContext): SupportDirectory {
  if (config.CRISP_IDENTIFIER && config.CRISP_KEY && config.CRISP_WEBSITE_ID)
    return new CrispSupportDirectory({
      identifier: config.CRISP_IDENTIFIER,
      key: config.CRISP_KEY,
      websiteId: config.CRISP_WEBSITE_ID,
      baseUrl: config.CRISP_API_URL,
    });
  return new LocalSupportDirectory(db);
}

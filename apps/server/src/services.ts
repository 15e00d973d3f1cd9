import type { CoreContext } from './context';
import { AuthService } from './modules/auth/auth.service';
import { SessionCheck } from './modules/auth/session-check';
import { SiteAccess } from './modules/sites/site-access';
import { CodesRepository } from './modules/codes/codes.repository';
import { CodesService } from './modules/codes/codes.service';
import { BatteryRepository } from './modules/devices/battery.repository';
import { BatteryService } from './modules/devices/battery.service';
import { DevicesRepository } from './modules/devices/devices.repository';
import { DevicesService } from './modules/devices/devices.service';
import { OpenRideLookup } from './modules/devices/open-ride-lookup';
import { GuestCartsService } from './modules/guest/guest-carts.service';
import { GuestSessionsService } from './modules/guest/guest-sessions.service';
import { HistoryService } from './modules/history/history.service';
import { MemberImportService } from './modules/members/member-import.service';
import { MemberLinksRepository } from './modules/members/member-links.repository';
import { MemberLinksService } from './modules/members/member-links.service';
import { MembersRepository } from './modules/members/members.repository';
import { MembersService } from './modules/members/members.service';
import { paymentServices } from './modules/payments/payment-services';
import { ProfilesRepository } from './modules/profiles/profiles.repository';
import { rideServices } from './modules/rides/ride-services';
import { ServicesService } from './modules/services/services.service';
import { PosterService } from './modules/sites/poster/poster.service';
import { SiteImagesService } from './modules/sites/site-images.service';
import { SitesRepository } from './modules/sites/sites.repository';
import { SitesService } from './modules/sites/sites.service';
import { UserGroupsRepository } from './modules/user-groups/user-groups.repository';
import { UserGroupsService } from './modules/user-groups/user-groups.service';
import { UsersService } from './modules/users/users.service';
import { ZonesRepository } from './modules/zones/zones.repository';
import { ZonesService } from './modules/zones/zones.service';

/**
 * The composition root's second half (runtime.ts builds the core parts): every service is built here,
 * once, and reaches routes, jobs and gateways through the app context; no route builds a service or a
 * repository. A flow that spans modules (an operator's unlock that opens a ride, a paid unlock) is a named
 * service, never a sequence of calls in a handler.
 */
export function buildServices(core: CoreContext) {
  const { db } = core;
  const rides = rideServices(core);
  // One lookup (and its cache) for every cart view that leaves the server: lists, pushes, command answers.
  const openRides = new OpenRideLookup(db);
  const auth = new AuthService(core);
  const members = new MembersService(db);
  return {
    ...core,
    rides,
    paymentFlows: paymentServices(core, rides.paid),
    openRides,
    devices: new DevicesService(
      new DevicesRepository(db),
      new SitesRepository(db),
      core.deviceProvisioner,
      core.bus,
      core.deviceConfig,
      openRides,
    ),
    battery: new BatteryService(new BatteryRepository(db)),
    history: new HistoryService(core.database.pool),
    sites: new SitesService(
      db,
      core.deviceConfig,
      async (tx, siteId, value) => (await new CodesRepository(tx).findByValue(siteId, value)) !== null,
    ),
    siteImages: new SiteImagesService(db, core.files, core.log),
    posters: new PosterService(db, core.files, core.config.publicUrl, core.log),
    zones: new ZonesService(new ZonesRepository(db), core.deviceConfig, core.bus),
    auth,
    // The site rule and the session check of every request and socket (plugins/auth.ts, realtime).
    siteAccess: new SiteAccess(db),
    sessionCheck: new SessionCheck(db, core.tokens),
    users: new UsersService(core, auth),
    userGroups: new UserGroupsService(new UserGroupsRepository(db)),
    members,
    memberImport: new MemberImportService(new MembersRepository(db), members),
    memberLinks: new MemberLinksService(new MemberLinksRepository(db), new ProfilesRepository(db), members),
    codes: new CodesService(new CodesRepository(db), new SitesRepository(db), core.mail, core.deviceConfig),
    services: new ServicesService(db),
    guestCarts: new GuestCartsService(db, rides.lifecycle),
    guestSessions: new GuestSessionsService(rides.views, rides.lifecycle),
  };
}

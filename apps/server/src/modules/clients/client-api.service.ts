import type {
  AvailableCartsView,
  ClientBookingView,
  ClientCart,
  ClientService,
  ClientSite,
  SlotView,
} from '@fairway/domain';
import { HttpError } from '../../lib/errors';
import type { ApiClientIdentity } from '../../plugins/api-key';
import type { BookingAvailabilityService } from '../bookings/booking-availability.service';
import type { BookingsService } from '../bookings/bookings.service';
import type { ServicesService } from '../services/services.service';
import { toClientBookingView, toClientCart, toClientService, toClientSite } from './client-api.presenter';
import type { ApiClientsRepository } from './clients.repository';

const siteNotFound = () => new HttpError(404, 'Site not found', 'siteNotFound');
const bookingNotFound = () => new HttpError(404, 'Booking not found', 'bookingNotFound');

const byCarNumber = (a: ClientCart, b: ClientCart) =>
  a.carNumber.localeCompare(b.carNumber, undefined, { numeric: true });

export interface ClientBookingInput {
  start: string;
  end: string;
  device?: string;
  service?: string | null;
  price?: string | null;
  name: string;
  email?: string | null;
  note: string;
  prePaid: boolean;
  externalRef?: string;
}

export interface ClientBookingChanges {
  start?: string;
  end?: string;
  device?: string;
  name?: string;
  email?: string | null;
  note?: string;
}

/**
 * The client API (issue 21 item 5): a booking system reads a client's sites, their services, carts and free
 * slots, and books. Scoped to the key's sites, read fresh with the key on every call: a site not among them
 * answers exactly as a missing one (404 siteNotFound), and another client's booking as a missing booking.
 * Bookings go through BookingsService, so every rule and the live calendar update are the dashboard's.
 */
export class ClientApiService {
  constructor(
    private readonly repo: ApiClientsRepository,
    private readonly bookings: BookingsService,
    private readonly availability: BookingAvailabilityService,
    private readonly services: ServicesService,
  ) {}

  async sites(client: ApiClientIdentity): Promise<ClientSite[]> {
    return (await this.repo.sites(client.sites)).map(toClientSite);
  }

  async siteServices(client: ApiClientIdentity, siteId: string): Promise<ClientService[]> {
    await this.site(client, siteId);
    return (await this.services.list(siteId)).map(toClientService);
  }

  async carts(client: ApiClientIdentity, siteId: string): Promise<ClientCart[]> {
    await this.site(client, siteId);
    return (await this.repo.carts(siteId)).map(toClientCart).sort(byCarNumber);
  }

  async slots(
    client: ApiClientIdentity,
    siteId: string,
    query: { serviceId: string; dateString: string },
  ): Promise<SlotView[]> {
    await this.site(client, siteId);
    return this.availability.slots(siteId, query);
  }

  async availableCarts(
    client: ApiClientIdentity,
    siteId: string,
    query: { start: string; end: string },
  ): Promise<AvailableCartsView> {
    await this.site(client, siteId);
    return this.availability.carts(siteId, query);
  }

  async bookingsAt(
    client: ApiClientIdentity,
    siteId: string,
    query: { start?: string; end?: string },
  ): Promise<ClientBookingView[]> {
    await this.site(client, siteId);
    return (await this.bookings.listOfClient(siteId, client.id, query)).map(toClientBookingView);
  }

  /** Books `body.device`, or without one the cart the desk's booking dialog would recommend. */
  async book(
    client: ApiClientIdentity,
    siteId: string,
    body: ClientBookingInput,
  ): Promise<ClientBookingView> {
    await this.site(client, siteId);
    const device = body.device ?? (await this.recommended(siteId, body));
    const { externalRef, ...fields } = body;
    const row = await this.bookings.createForClient(
      siteId,
      { clientId: client.id, externalRef: externalRef || null },
      { ...fields, device },
    );
    return toClientBookingView(row);
  }

  async booking(client: ApiClientIdentity, id: string): Promise<ClientBookingView> {
    return toClientBookingView(await this.own(client, id));
  }

  async update(
    client: ApiClientIdentity,
    id: string,
    changes: ClientBookingChanges,
  ): Promise<ClientBookingView> {
    await this.own(client, id);
    return toClientBookingView(await this.bookings.updateForClient(client.id, id, changes));
  }

  async cancel(client: ApiClientIdentity, id: string): Promise<void> {
    await this.own(client, id);
    await this.bookings.cancelForClient(client.id, id);
  }

  private async recommended(siteId: string, range: { start: string; end: string }): Promise<string> {
    const { recommended } = await this.availability.carts(siteId, range);
    if (!recommended) throw new HttpError(409, 'device: No cart is free for this time', 'noCartFree');
    return recommended;
  }

  /** The client's booking at one of its sites; a site taken off the key takes its bookings with it. */
  private async own(client: ApiClientIdentity, id: string) {
    const booking = await this.bookings.ofClient(client.id, id);
    if (!client.sites.includes(booking.siteId)) throw bookingNotFound();
    return booking;
  }

  private async site(client: ApiClientIdentity, siteId: string): Promise<void> {
    if (!client.sites.includes(siteId) || (await this.repo.sites([siteId])).length === 0)
      throw siteNotFound();
  }
}

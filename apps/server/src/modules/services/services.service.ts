import type { z } from 'zod';
import {
  priceAmountIssue,
  type priceBody,
  type serviceBody,
  type servicePatchBody,
  type ServiceView,
} from '@fairway/domain';
import type { Db } from '../../db/client';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { toServiceView } from './services.presenter';
import type { PriceFields, ServicesRepository } from './services.repository';

type ServiceCreate = z.output<typeof serviceBody>;
type ServicePatch = z.output<typeof servicePatchBody>;
type PriceInput = z.output<typeof priceBody>;

const NAME_TAKEN = 'A service with this name already exists';
const serviceNotFound = () => notFound('Service not found');
const refused = (message: string, code: string) => new HttpError(400, message, code);

/**
 * A site's services and their prices (spec §3, §5, §7 /services). Names are unique in the site regardless of
 * case; every price is free or at least the site currency's minimum and is for the guest or one of the site's
 * user groups. A service is written with its whole price list in one transaction, so a refused price leaves
 * nothing half-saved. (That no two prices of a group overlap in time is checked by the body schema.)
 */
export class ServicesService {
  constructor(
    private readonly db: Db,
    private readonly repository: ServicesRepository,
  ) {}

  list(siteId: string): Promise<ServiceView[]> {
    return views(this.repository, siteId);
  }

  create(siteId: string, body: ServiceCreate): Promise<ServiceView> {
    return this.db.transaction(async (tx) => {
      const repo = this.repository.in(tx);
      await assertNameFree(repo, siteId, body.name);
      const priceFields = await checkedPrices(repo, siteId, body.prices, []);
      const service = await repo.insertService(siteId, { name: body.name, duration: body.duration });
      await repo.insertPrices(service.id, priceFields);
      return (await views(repo, siteId, service.id))[0]!;
    });
  }

  /** `prices`, when sent, is the new list: listed ids are updated, new prices added, the rest deleted. */
  update(siteId: string, id: string, body: ServicePatch): Promise<ServiceView> {
    return this.db.transaction(async (tx) => {
      const repo = this.repository.in(tx);
      if (!(await repo.findForUpdate(siteId, id))) throw serviceNotFound();
      if (body.name !== undefined) await assertNameFree(repo, siteId, body.name, id);
      if (body.name !== undefined || body.duration !== undefined)
        await repo.updateService(id, { name: body.name, duration: body.duration });
      if (body.prices) await replacePrices(repo, siteId, id, body.prices);
      return (await views(repo, siteId, id))[0]!;
    });
  }

  async delete(siteId: string, id: string): Promise<void> {
    if (!(await this.repository.deleteService(siteId, id))) throw serviceNotFound();
  }
}

/** The site's services (or one) with their prices: one query for the services, one for all their prices. */
async function views(repo: ServicesRepository, siteId: string, id?: string): Promise<ServiceView[]> {
  const rows = await repo.listWithCurrency(siteId, id);
  if (rows.length === 0) return [];
  const pricesByService = Map.groupBy(await repo.pricesOf(siteId, id), (price) => price.serviceId);
  return rows.map((row) => toServiceView(row, pricesByService.get(row.id) ?? []));
}

async function assertNameFree(
  repo: ServicesRepository,
  siteId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  await repo.lockNames(siteId);
  if (await repo.nameTaken(siteId, name, exceptId)) throw conflict(NAME_TAKEN, 'serviceNameTaken');
}

async function replacePrices(
  repo: ServicesRepository,
  siteId: string,
  serviceId: string,
  list: PriceInput[],
): Promise<void> {
  const fields = await checkedPrices(repo, siteId, list, await repo.priceIdsOf(serviceId));
  const kept = list.flatMap((price, i) => (price._id ? [{ id: price._id, fields: fields[i]! }] : []));
  await repo.deletePricesExcept(
    serviceId,
    kept.map((price) => price.id),
  );
  for (const price of kept) await repo.updatePrice(serviceId, price.id, price.fields);
  await repo.insertPrices(
    serviceId,
    fields.filter((_, i) => !list[i]!._id),
  );
}

/**
 * The rules a price list needs the database for, checked before anything is written: ids must be prices of
 * this service (`existingIds`), amounts 0 or at least the site currency's minimum, groups the site's
 * (locked until the transaction ends). Answers the rows to store, in list order.
 */
async function checkedPrices(
  repo: ServicesRepository,
  siteId: string,
  list: PriceInput[],
  existingIds: string[],
): Promise<PriceFields[]> {
  const known = new Set(existingIds);
  if (list.some((price) => price._id !== undefined && !known.has(price._id)))
    throw refused('Unknown price', 'unknownPrice');
  const currency = await repo.siteCurrency(siteId);
  if (currency === null) throw notFound('Site not found');
  for (const price of list) {
    const issue = priceAmountIssue(price.amount, currency);
    if (issue) throw refused(issue, 'priceBelowMinimum');
  }
  const groupIds = [...new Set(list.flatMap((price) => (price.userGroup ? [price.userGroup] : [])))];
  if ((await repo.lockSiteGroups(siteId, groupIds)).length !== groupIds.length)
    throw refused('Unknown user group', 'unknownUserGroup');
  return list.map((price) => ({
    name: price.name,
    amount: price.amount,
    credits: price.credits,
    description: price.description,
    userGroupId: price.userGroup,
    availableTimes: price.availableTimes,
  }));
}

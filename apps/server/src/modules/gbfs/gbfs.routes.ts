import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, id, rateLimitedBody } from '@fairway/domain';
import type { AppContext } from '../../context';
import { publicBase } from '../../lib/public-url';
import { declareAccess } from '../../plugins/route-access';
import { SECURITY } from '../../plugins/openapi';
import { GBFS_TTL, type FeedAddress, type GbfsFile } from './gbfs.service';

const SPEC = 'https://github.com/MobilityData/gbfs/blob/v3.0/gbfs.md';

/**
 * Every GBFS file: the common header and the file's `data`, which GBFS v3.0 defines (the link in each
 * operation); the tests check every file against MobilityData's own type checkers.
 */
const gbfsFile = z.object({
  last_updated: z.string().describe('RFC 3339: when the data was read'),
  ttl: z.number().int().describe('seconds the file may be cached (also its Cache-Control max-age)'),
  version: z.literal('3.0'),
  data: z.record(z.string(), z.unknown()),
});
type GbfsBody = z.infer<typeof gbfsFile>;
/** What the service answers: GBFS's own interfaces, whose `data` types carry no index signature. */
type GbfsAnswer = Omit<GbfsBody, 'data'> & { data: object };
const siteParams = z.object({ siteId: id });
const answers = { 200: gbfsFile, 400: errorBody, 404: errorBody, 429: rateLimitedBody };

/** A trip planner polls every file of every club it shows: generous per address, but not unlimited. */
const rateLimit = { rateLimit: { max: 300, timeWindow: '1 minute' } };

interface FileRoute {
  file: GbfsFile | 'gbfs';
  operationId: string;
  summary: string;
  anchor: string;
  ttl: number;
  read: (siteId: string, address: FeedAddress) => Promise<GbfsAnswer>;
}

/**
 * /api/gbfs — a club's open GBFS v3.0 feed (issue 23), public and read-only: no login, no key, open to any
 * origin. A site whose feed is off answers 404 exactly as a site that does not exist.
 */
export async function gbfsRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');
  const feed = ctx.gbfs;
  const addressOf = (request: FastifyRequest): FeedAddress => ({ base: publicBase(ctx.config, request) });

  const files: FileRoute[] = [
    {
      file: 'gbfs',
      operationId: 'getGbfsDiscovery',
      summary: "Discover a club's GBFS files",
      anchor: 'gbfsjson',
      ttl: GBFS_TTL.config,
      read: (siteId, address) => feed.discovery(siteId, address),
    },
    {
      file: 'system_information',
      operationId: 'getGbfsSystemInformation',
      summary: "Read a club's GBFS system information",
      anchor: 'system_informationjson',
      ttl: GBFS_TTL.config,
      read: (siteId, address) => feed.systemInformation(siteId, address),
    },
    {
      file: 'vehicle_types',
      operationId: 'getGbfsVehicleTypes',
      summary: "Read a club's GBFS vehicle types",
      anchor: 'vehicle_typesjson',
      ttl: GBFS_TTL.config,
      read: (siteId) => feed.vehicleTypes(siteId),
    },
    {
      file: 'vehicle_status',
      operationId: 'getGbfsVehicleStatus',
      summary: 'Read the carts a guest could take now (GBFS vehicle status)',
      anchor: 'vehicle_statusjson',
      ttl: GBFS_TTL.live,
      read: (siteId, address) => feed.vehicleStatus(siteId, address),
    },
    {
      file: 'station_information',
      operationId: 'getGbfsStationInformation',
      summary: "Read a club's GBFS stations (its cart barn and parkings)",
      anchor: 'station_informationjson',
      ttl: GBFS_TTL.config,
      read: (siteId, address) => feed.stationInformation(siteId, address),
    },
    {
      file: 'station_status',
      operationId: 'getGbfsStationStatus',
      summary: "Read the carts available at a club's stations (GBFS station status)",
      anchor: 'station_statusjson',
      ttl: GBFS_TTL.live,
      read: (siteId, address) => feed.stationStatus(siteId, address),
    },
    {
      file: 'geofencing_zones',
      operationId: 'getGbfsGeofencingZones',
      summary: "Read a club's zones as GBFS geofencing zones",
      anchor: 'geofencing_zonesjson',
      ttl: GBFS_TTL.config,
      read: (siteId) => feed.geofencingZones(siteId),
    },
    {
      file: 'system_pricing_plans',
      operationId: 'getGbfsPricingPlans',
      summary: "Read a club's guest prices as GBFS pricing plans",
      anchor: 'system_pricing_plansjson',
      ttl: GBFS_TTL.config,
      read: (siteId) => feed.pricingPlans(siteId),
    },
  ];

  for (const route of files)
    app.get(
      `/:siteId/${route.file}.json`,
      {
        config: rateLimit,
        schema: {
          summary: route.summary,
          operationId: route.operationId,
          tags: ['GBFS'],
          security: SECURITY.public,
          description: `GBFS v3.0 \`${route.file}.json\` (${SPEC}#${route.anchor}). 404 when the club does not publish its feed.`,
          params: siteParams,
          response: answers,
        },
      },
      async (request, reply) =>
        cacheable(reply, route.ttl, await route.read(request.params.siteId, addressOf(request))),
    );

  app.get(
    '/manifest.json',
    {
      config: rateLimit,
      schema: {
        summary: 'List the clubs that publish a GBFS feed (GBFS manifest)',
        operationId: 'getGbfsManifest',
        tags: ['GBFS'],
        security: SECURITY.public,
        description: `GBFS v3.0 \`manifest.json\` (${SPEC}#manifestjson): each club's discovery file.`,
        response: { 200: gbfsFile, 429: rateLimitedBody },
      },
    },
    async (request, reply) => cacheable(reply, GBFS_TTL.config, await feed.manifest(addressOf(request))),
  );
}

/** Open data: any origin may read it, and caches may keep it as long as GBFS's `ttl` says. */
function cacheable(reply: FastifyReply, ttl: number, body: GbfsAnswer): GbfsBody {
  void reply.header('cache-control', `public, max-age=${ttl}`).header('access-control-allow-origin', '*');
  return body as GbfsBody;
}

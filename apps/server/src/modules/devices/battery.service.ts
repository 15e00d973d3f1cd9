import type { BatteryPage, BatteryQuery } from '@fairway/domain';
import { notFound } from '../../lib/errors';
import { paginationOf } from '../../lib/pagination';
import type { BatteryRepository } from './battery.repository';

// Its older callers import it from here.
export { paginationOf };

/** GET /devices/{id}/battery: a cart's voltage history for the battery chart (spec §7). */
export class BatteryService {
  constructor(private readonly battery: BatteryRepository) {}

  async readings(siteId: string, deviceId: string, query: BatteryQuery): Promise<BatteryPage> {
    // Another site's cart answers exactly like a missing one, so ids of other clubs cannot be probed.
    if (!(await this.battery.deviceInSite(deviceId, siteId))) throw notFound('Device not found');
    const { total, readings } = await this.battery.fiveMinuteAverages({
      deviceId,
      start: query.startDate ? new Date(query.startDate) : undefined,
      end: query.endDate ? new Date(query.endDate) : undefined,
      order: query.sort === 'timestamp:desc' ? 'desc' : 'asc',
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return {
      data: readings.map((reading) => ({ timestamp: reading.timestamp.toISOString(), volts: reading.volts })),
      pagination: paginationOf(query.page, query.limit, total),
    };
  }
}

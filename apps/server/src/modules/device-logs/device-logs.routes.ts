import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceLogRequestAnswer,
  deviceLogsQuery,
  deviceLogView,
  errorBody,
  id,
  logFileName,
  logFilesAnswer,
  systemLogPage,
  systemLogQuery,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { sendAttachment } from '../../lib/attachment';
import { currentUser } from '../../plugins/auth';
import { fileAnswer } from '../../plugins/openapi';
import { declareAccess } from '../../plugins/route-access';
import type { Requester } from '../commands/commands.service';

const params = z.object({ id });
const fileParams = z.object({ id, name: logFileName });
const tags = ['admin'];
const security = [{ bearer: [] }];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

const requester = (request: FastifyRequest): Requester => {
  const user = currentUser(request);
  return { userId: user.id, role: user.role, source: 'admin' };
};

/**
 * /api/admin/devices/:id/… — the device side panel's WiFi Scan, Logs, System Logs and Log Files (issue 20,
 * spec §7 Admin /devices): superadmins, any tracker. A scan or log request answers once the cart answered.
 */
export async function adminDeviceLogRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.deviceLogs;
  declareAccess(app, { role: 'superadmin', site: false });

  app.get(
    '/:id/logs',
    {
      schema: {
        summary: "List a tracker's WiFi scans and log snapshots, newest first",
        operationId: 'listDeviceLogs',
        tags,
        security,
        params,
        querystring: deviceLogsQuery,
        response: { 200: z.array(deviceLogView), ...errors },
      },
    },
    (request) => service.list(request.params.id, request.query.type, request.query.limit),
  );

  const requestRoute = (path: string, type: 'wifi' | 'log', summary: string, operationId: string) =>
    app.post(
      path,
      {
        schema: {
          summary,
          operationId,
          tags,
          security,
          description:
            'Sends the command and answers when the cart answered (at most 20 s): `log` is the stored answer, ' +
            "null when the cart refused, did not answer in time or answered something unreadable (the command's " +
            'state and error say which). 409 when the cart is offline.',
          params,
          response: { 200: deviceLogRequestAnswer, ...errors, 409: errorBody },
        },
      },
      (request) => service.request(request.params.id, type, requester(request)),
    );
  requestRoute('/:id/wifi-scan', 'wifi', 'Scan WiFi networks on a tracker (command 5)', 'scanDeviceWifi');
  requestRoute('/:id/logs', 'log', 'Ask a tracker for a log snapshot (command 6)', 'requestDeviceLog');

  app.get(
    '/:id/system-logs',
    {
      schema: {
        summary: "Read a tracker's system log, newest first, a page at a time",
        description: "Keyset paging: pass the answer's `nextBefore` as `before` for the next (older) page.",
        operationId: 'listDeviceSystemLogs',
        tags,
        security,
        params,
        querystring: systemLogQuery,
        response: { 200: systemLogPage, ...errors },
      },
    },
    (request) => service.systemPage(request.params.id, request.query.before, request.query.limit),
  );

  app.get(
    '/:id/system-logs/export',
    {
      schema: {
        summary: "Download a tracker's system log as a spreadsheet",
        description:
          'Answers an .xlsx workbook: time (ISO, UTC) and message of each line, newest first; at most the ' +
          'newest 100,000 lines (a last row says when older lines were left out).',
        operationId: 'exportDeviceSystemLogs',
        tags,
        security,
        params,
        produces: [XLSX],
        response: { 200: fileAnswer(XLSX, 'The system log, one line a row'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.systemXlsx(request.params.id);
      return sendAttachment(reply, { type: XLSX, ...file });
    },
  );

  app.get(
    '/:id/log-files',
    {
      schema: {
        summary: "List a tracker's log files, one per day with system log lines",
        operationId: 'listDeviceLogFiles',
        tags,
        security,
        params,
        response: { 200: logFilesAnswer, ...errors },
      },
    },
    (request) => service.logFiles(request.params.id),
  );

  app.get(
    '/:id/log-files/:name',
    {
      schema: {
        summary: "Download one of a tracker's daily log files",
        description: "Answers text/plain: the day's (UTC) lines, `<ISO time> <message>` each.",
        operationId: 'downloadDeviceLogFile',
        tags,
        security,
        params: fileParams,
        produces: ['text/plain'],
        response: { 200: fileAnswer('text/plain', "The day's lines"), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.logFile(request.params.id, request.params.name);
      return sendAttachment(reply, { type: 'text/plain; charset=utf-8', ...file });
    },
  );
}

import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBody,
  FIRMWARE_MAX_BYTES,
  firmwareFileView,
  firmwareListQuery,
  firmwareUploadFields,
  id,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import { readMultipartUpload } from '../../lib/multipart-upload';
import { currentUser } from '../../plugins/auth';
import { SECURITY } from '../../plugins/openapi';
import { declareAccess } from '../../plugins/route-access';

/** Spec §7 Storage: the image travels in the multipart field 'file', with 'folder', 'version', 'sha256'. */
const FILE_FIELD = 'file';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * /api/storage — the firmware manager's images (spec §2, §7 Storage), kept in the private file store
 * (local disk or the S3 bucket) and described by `firmware_files`; superadmins only.
 */
export async function storageRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, { role: 'superadmin', site: false });
  // Registered here, not app-wide; one byte past the limit is read so "too large" is told by length.
  await app.register(multipart, {
    limits: { files: 1, fileSize: FIRMWARE_MAX_BYTES + 1, fields: 10, parts: 11, fieldSize: 1024 },
    throwFileSizeLimit: false,
  });
  const service = ctx.firmwareFiles;

  app.get(
    '/firmware',
    {
      schema: {
        summary: 'List the firmware images',
        description: "Newest first; `folder` ('wifi', 'sim7600', 'sim7000') keeps one folder's.",
        operationId: 'listFirmware',
        tags: ['storage'],
        security: SECURITY.bearer,
        querystring: firmwareListQuery,
        response: { 200: z.array(firmwareFileView), ...errors },
      },
    },
    async (request) => service.list(request.query.folder),
  );

  app.post(
    '/firmware',
    {
      schema: {
        summary: 'Upload a firmware image',
        description:
          `Multipart: the image in '${FILE_FIELD}' (a .bin of at most ${FIRMWARE_MAX_BYTES} bytes), 'folder', ` +
          "and optionally 'version' (else read from the file name) and 'sha256' (must match the upload). " +
          'The text fields come before the file. A name already in the folder answers 409.',
        operationId: 'uploadFirmware',
        tags: ['storage'],
        security: SECURITY.bearer,
        consumes: ['multipart/form-data'],
        response: { 201: firmwareFileView, ...errors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readMultipartUpload(request, FILE_FIELD);
      const parsed = firmwareUploadFields.safeParse(fields);
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message, 'invalidField');
      const view = await service.upload({ ...parsed.data, file, uploadedBy: currentUser(request).id });
      return reply.code(201).send(view);
    },
  );

  app.delete(
    '/firmware/:id',
    {
      schema: {
        summary: 'Delete a firmware image',
        description: "Its carts' past updates stay in their history.",
        operationId: 'deleteFirmware',
        tags: ['storage'],
        security: SECURITY.bearer,
        params: z.object({ id }),
        response: { 204: z.null(), ...errors, 404: errorBody },
      },
    },
    async (request, reply) => {
      await service.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
}

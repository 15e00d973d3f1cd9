import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, imageUploadAnswer, SITE_LIMITS } from '@fairway/domain';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import { currentSite } from '../../plugins/auth';
import { SITE_IMAGE_KINDS } from './site-images.repository';

/** Spec §7: POST /sites/logo and /sites/cover take the file in the multipart field 'image'. */
const IMAGE_FIELD = 'image';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** /api/dashboard/sites/logo and /cover — a site's public profile pictures, admins only. */
export async function dashboardSiteImageRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Registered here, not app-wide: no other route accepts multipart bodies.
  await app.register(multipart, {
    // One byte past the limit is read, so "too large" is told apart from "exactly the limit" by length;
    // nothing beyond it is buffered.
    limits: { files: 1, fileSize: SITE_LIMITS.imageMaxBytes + 1, fields: 10, parts: 11 },
    throwFileSizeLimit: false,
  });
  const service = ctx.siteImages;

  for (const kind of SITE_IMAGE_KINDS) {
    app.post(
      `/${kind}`,
      {
        preHandler: app.requireSite('admin'),
        schema: {
          summary: `Upload the site's ${kind} picture`,
          operationId: `uploadSite${kind[0]!.toUpperCase()}${kind.slice(1)}`,
          tags: ['sites'],
          security: [{ bearer: [], siteId: [] }],
          consumes: ['multipart/form-data'],
          description:
            `Sets the site's ${kind} from the multipart field '${IMAGE_FIELD}': a JPEG or PNG (judged by ` +
            `its content) of at most ${SITE_LIMITS.imageMaxBytes} bytes. Answers its public URL.`,
          response: { 200: imageUploadAnswer, ...errors },
        },
      },
      async (request) => service.upload(currentSite(request), kind, await uploadedImage(request)),
    );
  }
}

/** The bytes of the 'image' file part, or null when the request carries no such file. */
async function uploadedImage(request: FastifyRequest): Promise<Buffer | null> {
  if (!request.isMultipart()) return null;
  try {
    const part = await request.file();
    if (!part) return null;
    if (part.fieldname !== IMAGE_FIELD) {
      part.file.resume(); // drain it, so the request body is read to its end
      return null;
    }
    return await part.toBuffer();
  } catch (error) {
    // The multipart parser throws plain errors for a body it cannot read (no boundary, cut off): the
    // client's mistake, not a server error. Its own limit errors already carry a 4xx status.
    if (hasClientErrorStatus(error)) throw error;
    throw new HttpError(400, 'The upload could not be read, please try again', 'uploadMalformed');
  }
}

const hasClientErrorStatus = (error: unknown) => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

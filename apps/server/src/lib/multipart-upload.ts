import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export interface MultipartUpload {
  /** the text fields read (only the named ones, when `fieldNames` is given) */
  fields: Record<string, string>;
  /** the first part named `fileField`, read whole (the route's multipart limits bound it) */
  file: { filename: string; bytes: Buffer } | null;
}

/**
 * The text fields and one file part of a multipart request (nothing when it is not multipart). Other file
 * parts are drained, so the body is read to its end. A body the parser cannot read is the client's mistake:
 * 400, while the parser's own limit errors keep their 4xx status (413 and the like).
 */
export async function readMultipartUpload(
  request: FastifyRequest,
  fileField: string,
  fieldNames?: ReadonlySet<string>,
): Promise<MultipartUpload> {
  const upload: MultipartUpload = { fields: {}, file: null };
  if (!request.isMultipart()) return upload;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if ((!fieldNames || fieldNames.has(part.fieldname)) && typeof part.value === 'string')
          upload.fields[part.fieldname] = part.value;
      } else if (part.fieldname === fileField && !upload.file) {
        upload.file = { filename: part.filename, bytes: await part.toBuffer() };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new HttpError(400, 'The upload could not be read, please try again', 'uploadMalformed');
  }
  return upload;
}

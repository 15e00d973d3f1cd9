import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Answers a file the browser saves rather than shows (a CSV export, a PDF): its type, the name it is saved
 * under, and the bytes (or a stream of them). A `Uint8Array` from a PDF writer is wrapped as a Buffer without copying.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { type: string; filename: string; body: string | Uint8Array | Readable },
): FastifyReply {
  const { body } = file;
  return reply
    .type(file.type)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(body instanceof Uint8Array ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : body);
}

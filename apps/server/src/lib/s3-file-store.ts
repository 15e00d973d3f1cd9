import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { InvalidFileKeyError, isValidFileKey, type FileStore, type StoredFile } from './file-store';
import type { S3Location } from './s3-location';

/**
 * Files in an S3-compatible bucket under `prefix` (e.g. `public/`, `private/`), through the official AWS
 * SDK v3. `signedUrl` presigns a GET (SigV4, at most a week); the bucket itself stays private.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;

  constructor(
    private readonly location: S3Location,
    private readonly prefix: string,
    /** The signing time of presigned URLs (tests move it back to get an expired URL). */
    private readonly clock: () => number = Date.now,
  ) {
    this.client = new S3Client({
      endpoint: location.endpoint,
      region: location.region,
      forcePathStyle: location.forcePathStyle,
      credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
      // The SDK's default CRC checksums on every upload break several S3-compatible servers; images carry
      // their own SHA-256, which the server computes and every cart checks.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.location.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }),
      );
      const bytes = Buffer.from(await answer.Body!.transformToByteArray());
      return { bytes, contentType: answer.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }),
      );
      return answer.ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing object with success, as the interface asks.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }),
    );
  }

  async signedUrl(key: string, ttlSeconds: number): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) });
    return getSignedUrl(this.client, command, {
      expiresIn: Math.max(1, Math.floor(ttlSeconds)),
      signingDate: new Date(this.clock()),
    });
  }

  close(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    if (!isValidFileKey(key)) throw new InvalidFileKeyError(key);
    return `${this.prefix}${key}`;
  }
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

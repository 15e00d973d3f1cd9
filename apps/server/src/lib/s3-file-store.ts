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

/**
 * Where an S3-compatible bucket is, from `S3_URL`:
 * `http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[?region=eu-central-1&style=path|virtual]`.
 * Key and secret are URL-encoded; region defaults to us-east-1; `style` to `path` (what local and most
 * S3-compatible servers need; `virtual` for bucket-in-host-name addressing).
 */
export interface S3Location {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export class S3UrlError extends Error {}

/**
 * Where the bucket's presigned URLs point, as a CSP source: the endpoint for path-style addressing, the
 * bucket's own host for virtual-hosted style (`https://bucket.s3.example.com`). Pages show photos from there
 * (guests' damage photos are signed URLs of the bucket).
 */
export function bucketOrigin(location: Pick<S3Location, 'endpoint' | 'bucket' | 'forcePathStyle'>): string {
  if (location.forcePathStyle) return location.endpoint;
  const endpoint = new URL(location.endpoint);
  return `${endpoint.protocol}//${location.bucket}.${endpoint.host}`;
}

export function parseS3Url(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new S3UrlError('must be a URL like https://KEY:SECRET@host/bucket?region=eu-central-1');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new S3UrlError('must start with http:// or https://');
  }
  if (!url.username || !url.password)
    throw new S3UrlError('must carry the access key and secret (KEY:SECRET@)');
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new S3UrlError('must name one bucket as its path (3–63 lower-case letters, digits, dots, dashes)');
  }
  const style = url.searchParams.get('style') ?? 'path';
  if (style !== 'path' && style !== 'virtual') throw new S3UrlError("style must be 'path' or 'virtual'");
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,32}$/.test(region))
    throw new S3UrlError('region must be a region name such as eu-central-1');
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    region,
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    forcePathStyle: style === 'path',
  };
}

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

// Where the bucket is, apart from the SDK that talks to it: configuration and the security headers read this
// at boot, and only a server with S3_URL loads the AWS SDK (about 8 MB of heap; issue 22 item 3).

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

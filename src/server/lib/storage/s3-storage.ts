import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';

import type { Bucket } from '#shared/files';
import { notFound, rangeNotSatisfiable } from '../errors.ts';

import {
  assertBucket,
  assertByteRange,
  assertContentType,
  assertSafeKey,
  assertSafePrefix,
  type ByteRange,
  DEFAULT_CONTENT_TYPE,
  type ListOptions,
  normalizeListLimit,
  type ObjectInfo,
  type ObjectStorage,
} from './storage.ts';
import { sliceStream, streamToBuffer, toReadable } from './streams.ts';

export interface S3StorageConfig {
  /** e.g. `http://localhost:9000` for MinIO; omit for AWS. */
  endpoint?: string;
  region: string;
  /** The one S3 bucket holding all four storage buckets as key prefixes. */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `true` for most self-hosted S3-compatible services (MinIO, s3rver, Garage…). */
  forcePathStyle: boolean;
}

/** Streams larger than this are sent as a multipart upload in parts of this size (min 5 MiB). */
const PART_SIZE = 8 * 1024 * 1024;
const CHECK_TIMEOUT_MS = 5_000;

interface AwsError {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}
const awsError = (err: unknown): AwsError =>
  typeof err === 'object' && err !== null ? (err as AwsError) : {};
const isNoSuchKey = (err: unknown): boolean => {
  const e = awsError(err);
  if (e.name === 'NoSuchBucket' || e.Code === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};
const isInvalidRange = (err: unknown): boolean => {
  const e = awsError(err);
  return e.name === 'InvalidRange' || e.$metadata?.httpStatusCode === 416;
};

/**
 * Objects in an S3-compatible service.
 *
 * Deployment model: ONE S3 bucket (`config.bucket`) holds the four storage buckets as key
 * prefixes: storage bucket `audios`, key `2026/11/x.mp3` is the S3 object `audios/2026/11/x.mp3`.
 * One bucket is simpler to provision, to grant permissions on and to back up.
 *
 * PutObject and CompleteMultipartUpload are atomic in S3: an object is never visible half-written.
 * Checksums are only computed/validated when an operation requires them, for compatibility with
 * S3-compatible services that do not support the newer flexible checksums.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucketName: string;

  constructor(config: S3StorageConfig, client?: S3Client) {
    this.bucketName = config.bucket;
    this.client =
      client ??
      new S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: CHECK_TIMEOUT_MS },
      });
  }

  private objectKey(bucket: Bucket, key: string): string {
    return `${bucket}/${key}`;
  }

  async put(
    bucket: Bucket,
    key: string,
    body: Buffer | NodeJS.ReadableStream,
    contentType: string,
  ): Promise<ObjectInfo> {
    assertBucket(bucket);
    assertSafeKey(key);
    assertContentType(contentType);
    const Key = this.objectKey(bucket, key);
    let size: number;
    let etag: string | undefined;
    if (Buffer.isBuffer(body)) {
      const res = await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucketName,
          Key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
      size = body.length;
      etag = res.ETag;
    } else {
      ({ size, etag } = await this.putStream(Key, toReadable(body), contentType));
    }
    const info = await this.head(bucket, key).catch(() => null);
    return info ?? { size, lastModified: new Date(), etag: etag ?? '""', contentType };
  }

  /**
   * Buffers up to one part; a stream that ends within it becomes a single PutObject, a longer one
   * a multipart upload (memory stays bounded by PART_SIZE). A stream error aborts the upload, so
   * no object appears.
   */
  private async putStream(
    Key: string,
    stream: Readable,
    contentType: string,
  ): Promise<{ size: number; etag: string | undefined }> {
    let chunks: Buffer[] = [];
    let buffered = 0;
    let size = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];

    const flushPart = async () => {
      if (uploadId === undefined) {
        const created = await this.client.send(
          new CreateMultipartUploadCommand({
            Bucket: this.bucketName,
            Key,
            ContentType: contentType,
          }),
        );
        if (!created.UploadId) throw new Error('S3 did not return an upload id');
        uploadId = created.UploadId;
      }
      const part = Buffer.concat(chunks, buffered);
      chunks = [];
      buffered = 0;
      const PartNumber = parts.length + 1;
      const res = await this.client.send(
        new UploadPartCommand({
          Bucket: this.bucketName,
          Key,
          UploadId: uploadId,
          PartNumber,
          Body: part,
          ContentLength: part.length,
        }),
      );
      parts.push({ ETag: res.ETag, PartNumber });
    };

    try {
      for await (const chunk of stream) {
        const buf: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        chunks.push(buf);
        buffered += buf.length;
        size += buf.length;
        if (buffered >= PART_SIZE) await flushPart();
      }
      if (uploadId === undefined) {
        const body = Buffer.concat(chunks, buffered);
        const res = await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucketName,
            Key,
            Body: body,
            ContentType: contentType,
            ContentLength: body.length,
          }),
        );
        return { size, etag: res.ETag };
      }
      if (buffered > 0) await flushPart();
      const done = await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucketName,
          Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return { size, etag: done.ETag };
    } catch (err) {
      stream.destroy();
      if (uploadId !== undefined) {
        await this.client
          .send(
            new AbortMultipartUploadCommand({ Bucket: this.bucketName, Key, UploadId: uploadId }),
          )
          .catch(() => undefined); // best effort; a bucket lifecycle rule should clean up the rest
      }
      throw err;
    }
  }

  async head(bucket: Bucket, key: string): Promise<ObjectInfo | null> {
    assertBucket(bucket);
    assertSafeKey(key);
    try {
      const res = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucketName, Key: this.objectKey(bucket, key) }),
      );
      return {
        size: res.ContentLength ?? 0,
        lastModified: res.LastModified ?? new Date(0),
        etag: res.ETag ?? '""',
        contentType: res.ContentType ?? DEFAULT_CONTENT_TYPE,
      };
    } catch (err) {
      if (isNoSuchKey(err)) return null;
      throw err;
    }
  }

  async read(bucket: Bucket, key: string, range?: ByteRange): Promise<NodeJS.ReadableStream> {
    assertBucket(bucket);
    assertSafeKey(key);
    if (range) assertByteRange(range);
    let res;
    try {
      res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucketName,
          Key: this.objectKey(bucket, key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
    } catch (err) {
      if (isInvalidRange(err)) throw rangeNotSatisfiable();
      if (isNoSuchKey(err)) throw notFound('File not found');
      throw err;
    }
    const body = res.Body as Readable | undefined;
    if (!body) throw notFound('File not found');
    if (!range) return body;
    // Some S3-compatible services ignore or widen ranges: make sure exactly the range comes out.
    const total = parseContentRangeTotal(res.ContentRange);
    const served = parseContentRangeStart(res.ContentRange) ?? 0; // no Content-Range: whole object
    if (total !== undefined && range.start >= total) {
      body.destroy();
      throw rangeNotSatisfiable();
    }
    const wanted = Math.min(range.end, (total ?? Number.MAX_SAFE_INTEGER) - 1) - range.start + 1;
    if (served === range.start && res.ContentLength === wanted) return body;
    if (served > range.start) {
      body.destroy();
      throw new Error(`S3 served a range starting at ${served}, not ${range.start}`);
    }
    const sliced = sliceStream(range.start - served, wanted);
    body.on('error', (err) => sliced.destroy(err));
    return body.pipe(sliced);
  }

  async readBuffer(bucket: Bucket, key: string): Promise<Buffer> {
    return streamToBuffer(await this.read(bucket, key));
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    assertBucket(bucket);
    assertSafeKey(key);
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucketName, Key: this.objectKey(bucket, key) }),
    );
  }

  async list(bucket: Bucket, options: ListOptions = {}): Promise<string[]> {
    assertBucket(bucket);
    const prefix = options.prefix ?? '';
    assertSafePrefix(prefix);
    const limit = normalizeListLimit(options.limit);
    const base = `${bucket}/`;
    const out: string[] = [];
    let token: string | undefined;
    // Full pages (1000 keys) whatever the limit, then sort and trim locally: the same single
    // request on S3, and correct on S3-compatible services that do not list in byte order or
    // fail on continuation tokens (s3rver) as long as the keys fit in one page.
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucketName,
          Prefix: base + prefix,
          MaxKeys: 1000,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const item of res.Contents ?? []) {
        if (!item.Key?.startsWith(base) || item.Key.endsWith('/')) continue;
        out.push(item.Key.slice(base.length));
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token && out.length < limit);
    return out.sort().slice(0, limit);
  }

  async check(): Promise<{ ok: boolean; detail?: string }> {
    try {
      // Listing proves the bucket exists and the credentials may read it (all four prefixes).
      await this.client.send(new ListObjectsV2Command({ Bucket: this.bucketName, MaxKeys: 1 }), {
        abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
      return { ok: true };
    } catch (err) {
      const e = awsError(err);
      const message = err instanceof Error ? err.message : String(err);
      return {
        ok: false,
        detail: `s3 bucket "${this.bucketName}" not reachable: ${e.name ?? 'Error'}: ${message}`,
      };
    }
  }

  async ensureBuckets(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucketName }));
    } catch (err) {
      if (awsError(err).$metadata?.httpStatusCode !== 404 && awsError(err).name !== 'NotFound')
        throw err;
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucketName }));
    }
  }
}

/** `bytes 0-99/1234` → 1234 (also the unsatisfied-range form). */
function parseContentRangeTotal(value: string | undefined): number | undefined {
  const m = value ? /\/(\d+)\s*$/.exec(value) : null;
  return m?.[1] ? Number(m[1]) : undefined;
}

/** `bytes 10-99/1234` → 10. */
function parseContentRangeStart(value: string | undefined): number | undefined {
  const m = value ? /^\s*bytes\s+(\d+)-\d+\//i.exec(value) : null;
  return m?.[1] ? Number(m[1]) : undefined;
}

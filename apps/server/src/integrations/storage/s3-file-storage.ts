import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkStorageKey, type FileStorage } from './file-storage.js';

export type S3Settings = {
  bucket: string;
  /** An S3-compatible service's address (MinIO, Yandex Object Storage, a test's emulator); AWS when absent. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: what most S3-compatible services want. */
  forcePathStyle: boolean;
};

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Uploads in an S3-compatible bucket through the official client. S3 itself keeps the promises of
 * `FileStorage`: an object is replaced whole, the last writer of a key wins, a missing one is 404.
 */
export function createS3FileStorage(settings: S3Settings): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 demands them: S3-compatible services differ in the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  return {
    kind: 's3',
    client,

    async put(key, data) {
      const Key = checkStorageKey(key);
      if (Buffer.isBuffer(data)) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentLength: data.length }));
        return;
      }
      // A stream of unknown length goes up in parts of 5 MiB (S3's least), one part in flight.
      await new Upload({ client, params: { Bucket, Key, Body: data }, queueSize: 1, partSize: 5 * 1024 * 1024 }).done();
    },

    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkStorageKey(key) }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async open(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkStorageKey(key) }));
        return { sizeBytes: answer.ContentLength ?? 0, stream: answer.Body as Readable };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async sizeOf(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: checkStorageKey(key) }));
        return answer.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkStorageKey(key) }));
    },

    async *keys() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async sweepOrphans() {
      // An object appears whole or not at all. The parts of a multipart upload cut off by a killed
      // instance are the bucket's to clear: a lifecycle rule AbortIncompleteMultipartUpload
      // (docs/deployment.md); a failed upload that lives aborts its own.
      return 0;
    },
  };
}

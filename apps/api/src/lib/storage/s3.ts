import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertKey, type ObjectStore, type StorageConfig } from './object-store';

/**
 * An S3-compatible bucket (STORAGE=s3: AWS S3, MinIO, Ceph, Garage…). Object key = S3_PREFIX + key.
 * Credentials: S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY, else the SDK's default chain (environment,
 * instance role). S3_ENDPOINT and S3_FORCE_PATH_STYLE=true for servers other than AWS.
 */
export function createS3ObjectStore(config: StorageConfig, client?: S3Client): ObjectStore {
  const bucket = config.S3_BUCKET!;
  const prefix = config.S3_PREFIX;
  const s3 =
    client ??
    new S3Client({
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      maxAttempts: 3,
    });
  const objectKey = (key: string) => {
    assertKey(key);
    return `${prefix}${key}`;
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async get(key) {
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!res.Body) return null;
        const bytes = Buffer.from(await res.Body.transformToByteArray());
        return { bytes, contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}

import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/platform/storage';

/**
 * An S3-protocol server on loopback (s3rver, files in a temporary folder) with one bucket, for the
 * storage tests and the scale check: the real @aws-sdk/client-s3 speaks to it over HTTP.
 */
export async function startS3(
  bucket = 'os-test',
  port = 0,
): Promise<{ settings: S3Settings; env: Record<string, string>; stop: () => Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'os-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as AddressInfo;
  const settings = {
    bucket,
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    /** The app's settings to keep its files in this bucket (docs/architecture.md's S3_*). */
    env: {
      S3_BUCKET: settings.bucket,
      S3_ENDPOINT: settings.endpoint,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

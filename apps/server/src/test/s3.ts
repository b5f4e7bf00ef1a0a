// A local S3-compatible server for tests (s3rver, from npm): files in `directory`, the named buckets
// created, listening on 127.0.0.1 on a free port. Credentials are s3rver's fixed S3RVER / S3RVER.
// @ts-expect-error s3rver ships no type declarations; the few calls used here are typed below.
import S3rverModule from 's3rver';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
const S3rver = S3rverModule as new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string; configs: string[] }>;
}) => S3rverInstance;

export interface LocalS3 {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

export async function startLocalS3(directory: string, buckets: string[]): Promise<LocalS3> {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    close: () => server.close(),
  };
}

import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { config } from "@/lib/config";

/** Where inbound media copies live: a local directory by default, S3-compatible when configured. */
export type MediaStorage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes a stored file; a file that is not there is not an error. */
  delete(key: string): Promise<void>;
};

function localStorage(root: string): MediaStorage {
  const file = (key: string) => path.join(root, ...key.split("/").filter((p) => p && p !== ".."));
  return {
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.tmp`;
      await writeFile(temp, body);
      await rename(temp, target);
    },
    async get(key) {
      const target = file(key);
      if (!(await stat(target).catch(() => null))) return null;
      return Readable.toWeb(createReadStream(target)) as ReadableStream<Uint8Array>;
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

function s3Storage(bucket: string): MediaStorage {
  const c = config();
  const client = new S3Client({
    region: c.S3_REGION,
    ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT } : {}),
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
  });
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return out.Body ? (out.Body.transformToWebStream() as ReadableStream<Uint8Array>) : null;
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers a missing key with success too
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

let cached: MediaStorage | undefined;

export function mediaStorage(): MediaStorage {
  const c = config();
  cached ??= c.S3_BUCKET ? s3Storage(c.S3_BUCKET) : localStorage(path.resolve(c.STORAGE_DIR));
  return cached;
}

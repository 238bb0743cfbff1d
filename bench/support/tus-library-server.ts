import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';

/**
 * The maintained tus server (`@tus/server` with `@tus/file-store`) alone in its own process, so
 * the resumable-upload bench can read its RSS as it reads the API's: `tsx tus-library-server.ts DIR`
 * prints `listening PORT` and serves tus 1.0 under /files until killed.
 */
const directory = process.argv[2];
if (!directory) throw new Error('usage: tus-library-server.ts DIR');
const tus = new Server({ path: '/files', datastore: new FileStore({ directory }) });
const server = http.createServer((req, res) => void tus.handle(req, res));
server.requestTimeout = 0;
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`),
);

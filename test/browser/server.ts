// A static server on 127.0.0.1 for the browser harness: the viewer page (the extension's own HTML and CSP),
// the built bundle from dist/, and media from one folder. Supports byte ranges, which video seeking uses.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { isInside } from '../../src/core/dataset/safePath';
import { viewerHtml } from '../../src/panels/common/html';
import { panelBundle } from '../../src/shared/protocol/panels';

const VIEWER = panelBundle('viewer');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.mp4': 'video/mp4',
  '.map': 'application/json',
};

export interface HarnessServer {
  origin: string;
  /** URL of a file under the media root, as the host's asWebviewUri would give it. */
  mediaUri(absolutePath: string): string;
  close(): Promise<void>;
}

/** Media are served from several roots (the fixture, and ../shared when present), as /media/<root index>/<path>. */
export async function startServer(distDir: string, mediaRoots: string[]): Promise<HarnessServer> {
  let origin = '';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: string, type = 'text/plain') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (url.pathname === '/')
      return send(
        200,
        viewerHtml({
          cspSource: origin,
          scriptUri: `${origin}/dist/${VIEWER.script.join('/')}`,
          styleUri: `${origin}/dist/${VIEWER.style.join('/')}`,
        }),
        'text/html',
      );
    const [, area, ...parts] = url.pathname.split('/');
    const rest = area === 'media' ? parts.slice(1) : parts;
    const base = area === 'dist' ? distDir : area === 'media' ? mediaRoots[Number(parts[0])] : null;
    if (!base) return send(404, 'not found');
    const file = path.resolve(base, decodeURIComponent(rest.join('/')));
    if (!isInside(base, file) || !existsSync(file) || !statSync(file).isFile()) return send(404, 'not found');
    const size = statSync(file).size;
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const range = /bytes=(\d*)-(\d*)/.exec(req.headers.range ?? '');
    if (range) {
      const start = range[1] ? Number(range[1]) : 0;
      const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      res.writeHead(206, {
        'content-type': type,
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${size}`,
        'content-length': end - start + 1,
      });
      createReadStream(file, { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, { 'content-type': type, 'accept-ranges': 'bytes', 'content-length': size });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    mediaUri: (p) => {
      const i = mediaRoots.findIndex((r) => isInside(r, p));
      if (i < 0) throw new Error(`media outside the served roots: ${p}`);
      return `${origin}/media/${i}/${path.relative(mediaRoots[i], p).split(path.sep).map(encodeURIComponent).join('/')}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

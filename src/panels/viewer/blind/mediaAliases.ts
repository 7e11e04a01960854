// Media files under neutral names for blind mode: a webview URI carries the file's path, and GST-Bench's file
// names can hint at the answer (the target object's name in the video's, the orientation index in the query
// view's). Each file gets a symbolic link `<n>.<ext>` in a folder of the extension's own (a copy where links
// are refused); the viewer loads the link. The folder holds the current question's files only.
import { copyFileSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';

/** The folder under the extension's storage that the viewer may load blind media from. */
export const BLIND_MEDIA_FOLDER = 'blind-media';

export class MediaAliases {
  private folder: string | undefined;
  private count = 0;

  constructor(private readonly root: string) {}

  /** A path under the root that names nothing of `file` but its extension (kept for the media type). */
  alias(file: string): string {
    this.folder ??= path.join(this.root, randomBytes(9).toString('hex'));
    mkdirSync(this.folder, { recursive: true });
    const ext = path
      .extname(file)
      .toLowerCase()
      .replace(/[^.a-z0-9]/g, '');
    const target = path.join(this.folder, `${++this.count}${ext}`);
    try {
      symlinkSync(file, target);
    } catch {
      copyFileSync(file, target);
    }
    return target;
  }

  /** Removes every alias made so far (before the next question, and when blind mode ends). */
  clear(): void {
    if (this.folder) rmSync(this.folder, { recursive: true, force: true });
    this.folder = undefined;
  }
}

/** Bytes per read. */
export const CHUNK_BYTES: number;
/**
 * Reads `file` in CHUNK_BYTES reads: `onLines` gets each read's whole lines, without their newlines (the text
 * after the last newline waits for the next read; the file's last line, ended or not, comes last), then `onBytes`
 * the bytes as read, valid until the next read.
 */
export function forEachLines(file: string, onLines: (lines: string[]) => void, onBytes?: (bytes: Buffer) => void): void;

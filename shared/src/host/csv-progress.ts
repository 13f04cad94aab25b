import type { DownloadProgress } from './types.ts';

const QUOTE = 0x22;
const LF = 0x0a;

/**
 * Counts the data rows of a CSV file (RFC 4180, header record first) from its bytes, chunk by chunk.
 * A record ends at a LF outside double quotes: a quoted field may hold line breaks (the API's CSV writer
 * quotes any field with CR or LF), and its doubled quotes toggle twice, which changes nothing. Bytes,
 * not text, are safe: in UTF-8 '"' and LF never occur inside a multi-byte character.
 */
export function csvRowCounter(): (chunk: Uint8Array) => number {
  let quoted = false;
  let records = 0;
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LF && !quoted) records += 1;
    }
    return Math.max(records - 1, 0);
  };
}

/** Reads a streamed CSV body to its end, reporting bytes and rows after every chunk; the chunks, for a Blob. */
export async function readCsv(
  body: ReadableStream<Uint8Array>,
  total: number | null,
  onProgress?: (progress: DownloadProgress) => void,
): Promise<Uint8Array[]> {
  const count = csvRowCounter();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  // The answer's headers are in: its row count shows before the first rows arrive.
  onProgress?.({ bytes: 0, rows: 0, total });
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
    bytes += next.value.byteLength;
    const rows = count(next.value);
    onProgress?.({ bytes, rows, total });
  }
  return chunks;
}

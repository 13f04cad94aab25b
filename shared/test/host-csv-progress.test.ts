import { describe, expect, it } from 'vitest';
import type { DownloadProgress } from '../src/host/index.ts';
import { csvRowCounter, readCsv } from '../src/host/index.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** The text cut into chunks at the given offsets, as a streamed body arrives. */
function chunked(text: string, cuts: number[]): Uint8Array[] {
  const all = bytes(text);
  const edges = [0, ...cuts, all.length];
  return edges.slice(1).map((end, i) => all.slice(edges[i], end));
}

// The API's CSV writer: CRLF records; fields with quotes, commas, CR or LF quoted with quotes doubled.
const CSV =
  'id,message,amount\r\n' +
  '1,plain,10\r\n' +
  '2,"two\r\nlines, and a comma",20.5\r\n' +
  '3,"said ""hi""\nthen left",30\r\n' +
  '4,"€ and ""\r\n""",40\r\n';

describe('csvRowCounter', () => {
  it('counts records, not line breaks: quoted fields may hold CR, LF and doubled quotes', () => {
    expect(csvRowCounter()(bytes(CSV))).toBe(4);
  });

  it('counts the same wherever the chunks are cut, inside quotes and multi-byte characters too', () => {
    const length = bytes(CSV).length;
    for (let cut = 1; cut < length; cut++) {
      const count = csvRowCounter();
      let rows = 0;
      for (const chunk of chunked(CSV, [cut, Math.min(cut + 3, length - 1)])) rows = count(chunk);
      expect(rows, `cut at ${cut}`).toBe(4);
    }
  });

  it('does not count the header, nor a record whose line break has not arrived yet', () => {
    const count = csvRowCounter();
    expect(count(bytes('id,note\r\n'))).toBe(0);
    expect(count(bytes('1,"open\r\n'))).toBe(0);
    expect(count(bytes('still open"'))).toBe(0);
    expect(count(bytes('\r\n2,x'))).toBe(1);
    expect(count(bytes('\r\n'))).toBe(2);
    expect(csvRowCounter()(new Uint8Array())).toBe(0);
  });
});

describe('readCsv', () => {
  it('reports bytes and rows after every chunk and hands back the whole body', async () => {
    const parts = chunked(CSV, [20, 40]);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    const seen: DownloadProgress[] = [];
    const chunks = await readCsv(body, 4, (progress) => seen.push(progress));
    expect(seen).toEqual([
      // As soon as the answer's headers are in: the count shows before the first rows.
      { bytes: 0, rows: 0, total: 4 },
      { bytes: 20, rows: 0, total: 4 },
      { bytes: 40, rows: 1, total: 4 },
      { bytes: bytes(CSV).length, rows: 4, total: 4 },
    ]);
    expect(await new Blob(chunks as BlobPart[]).text()).toBe(CSV);
  });
});

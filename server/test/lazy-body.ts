import { Readable } from "node:stream";

/**
 * A body of `size` bytes made as it is read, in `chunk`-byte pieces, that counts what was taken
 * from it: a body the server never reads is never made (the body-limit tests, issue 45).
 */
export function lazyBody(size: number, chunk = 64 * 1024) {
  let pulled = 0;
  const stream = new Readable({
    read() {
      if (pulled >= size) return void this.push(null);
      const n = Math.min(chunk, size - pulled);
      pulled += n;
      this.push(Buffer.alloc(n, 0x61));
    },
  });
  return { stream, pulled: () => pulled };
}

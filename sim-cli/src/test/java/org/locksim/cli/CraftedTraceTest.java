package org.locksim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locksim.cli.MainTest.Outcome;

/**
 * Why: a trace header is read before anything else, and its row counts size what the reader
 * allocates; a header crafted to count two billion CPUs, tasks and locks, with a valid
 * checksum, once ended in OutOfMemoryError. It must be refused as corrupt, status 2.
 */
class CraftedTraceTest {
  @TempDir
  Path dir;

  @Test
  void aHeaderCountingMoreRowsThanTheFileCanHoldIsCorrupt() throws IOException {
    Path trace = dir.resolve("t.lst");
    assertEquals(0, MainTest.run("run", OutputCommandsTest.SMALL, "--trace", trace.toString()).status());
    Path crafted = dir.resolve("crafted.lst");
    Files.write(crafted, withRowCounts(Files.readAllBytes(trace), 2_000_000_000));
    Outcome o = MainTest.run("export", "--format", "csv", crafted.toString(), "-o", dir.resolve("x.csv").toString());
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().contains("corrupt file header: 2000000000 CPUs, 2000000000 tasks and 2000000000 locks,"
        + " more rows than a file of"), o.err());
    Outcome same = MainTest.run("export", "--format", "csv", crafted.toString(), "--recover");
    assertEquals(2, same.status(), "a damaged header has no intact prefix: " + same.err());
  }

  /** The trace with its header's CPU, task and lock counts set to {@code n}, checksum redone. */
  static byte[] withRowCounts(byte[] trace, int n) {
    ByteBuffer b = ByteBuffer.wrap(trace);
    int length = b.getInt(12);
    int[] at = {16};
    long nameLength = varint(trace, at);
    at[0] += (int) nameLength;
    varint(trace, at); // seed
    int countsStart = at[0];
    for (int i = 0; i < 3; i++) {
      varint(trace, at);
    }
    ByteArrayOutputStream payload = new ByteArrayOutputStream();
    payload.write(trace, 16, countsStart - 16);
    for (int i = 0; i < 3; i++) {
      for (long v = n; ; v >>>= 7) {
        if (v < 0x80) {
          payload.write((int) v);
          break;
        }
        payload.write((int) (v & 0x7f) | 0x80);
      }
    }
    payload.write(trace, at[0], 16 + length - at[0]);
    byte[] p = payload.toByteArray();
    ByteBuffer header = ByteBuffer.allocate(16 + p.length + 4);
    header.put(trace, 0, 12).putInt(p.length).put(p);
    CRC32C crc = new CRC32C();
    crc.update(header.array(), 8, 8 + p.length);
    header.putInt((int) crc.getValue());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(header.array(), 0, header.capacity());
    out.write(trace, 16 + length + 4, trace.length - (16 + length + 4));
    return out.toByteArray();
  }

  private static long varint(byte[] bytes, int[] at) {
    long v = 0;
    for (int shift = 0; ; shift += 7) {
      int x = bytes[at[0]++] & 0xff;
      v |= (long) (x & 0x7f) << shift;
      if (x < 0x80) {
        return v;
      }
    }
  }
}

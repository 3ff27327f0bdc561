package org.locksim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Why: outputs are written next to files a user may be reading; a failed write must leave the
 * old file and no temporary behind, and a good one must replace it whole.
 */
class AtomicOutputTest {
    @TempDir
    Path dir;

    @Test
    void replacesTheTargetWholeAndLeavesNoTemporary() throws IOException {
        Path f = dir.resolve("out.folded");
        Files.writeString(f, "old\n");
        AtomicOutput.write(f, "new\n");
        assertEquals("new\n", Files.readString(f));
        assertEquals(1, count());
    }

    @Test
    void aFailedWriteKeepsTheOldFile() throws IOException {
        Path f = dir.resolve("out.folded");
        Files.writeString(f, "old\n");
        assertThrows(IOException.class, () -> AtomicOutput.write(f, out -> {
            out.write("half");
            throw new IOException("disk full");
        }));
        assertEquals("old\n", Files.readString(f));
        assertEquals(1, count());
    }

    private long count() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }
}

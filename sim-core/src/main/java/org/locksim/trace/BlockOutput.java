package org.locksim.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.locksim.io.PartialFiles;

/**
 * The writer's file: a hidden {@code .NAME.*.partial} file next to the target that receives
 * frames as blocks fill and is renamed onto the target once complete.
 */
final class BlockOutput {
    private final Path target;
    private final Path temp;
    private final FileChannel out;
    private final byte[] frame = new byte[Format.FRAME_BYTES];
    private final BlockChecksum checksum = new BlockChecksum();
    private long written;

    BlockOutput(Path file) throws IOException {
        this.target = file.toAbsolutePath();
        this.temp = PartialFiles.create(target);
        this.out = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
    }


    Path temp() {
        return temp;
    }

    long written() {
        return written;
    }

    /** Writes a frame header (with the CRC32C of header and payload) followed by the payload. */
    void frame(byte kind, byte[] payload, int length, int count, long baseTime) throws IOException {
        ByteBuffer f = ByteBuffer.wrap(frame);
        f.put(kind).putInt(length).putInt(count).putLong(baseTime);
        f.putInt(checksum.of(frame, payload, length));
        ByteBuffer[] parts = {ByteBuffer.wrap(frame), ByteBuffer.wrap(payload, 0, length)};
        long n = Format.FRAME_BYTES + (long) length;
        long done = 0;
        while (done < n) {
            done += out.write(parts);
        }
        written += n;
    }

    void raw(byte[] bytes) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.hasRemaining()) {
            out.write(b);
        }
        written += bytes.length;
    }

    /** Forces the data to disk, closes the file and renames it onto the target. */
    void commit() throws IOException {
        out.force(true);
        out.close();
        try {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Closes and deletes the temporary file, ignoring errors: there is nothing more to do. */
    void discard() {
        try {
            out.close();
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            // the leftover is hidden and named .partial
        }
    }
}

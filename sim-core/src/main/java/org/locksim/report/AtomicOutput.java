package org.locksim.report;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.locksim.io.PartialFiles;

/**
 * Writes a text file so that readers see either the old file or the complete new one: the text
 * goes to a hidden {@code .NAME.*.partial} file in the target's directory, which is renamed onto
 * the target only when everything was written and flushed; on failure it is deleted and the
 * target is left as it was.
 */
public final class AtomicOutput {
    private AtomicOutput() {
    }

    /** Produces the content of a file. */
    @FunctionalInterface
    public interface Content {
        /** Writes the content to {@code out}, which the caller closes. */
        void writeTo(Writer out) throws IOException;
    }

    /**
     * Writes {@code content} to {@code target} in UTF-8, atomically.
     *
     * @throws IOException if the temporary file cannot be written or renamed; the target is then
     *     unchanged
     */
    public static void write(Path target, Content content) throws IOException {
        writeBytes(target, bytes -> {
            Writer out = new BufferedWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), 1 << 16);
            content.writeTo(out);
            out.flush();
        });
    }

    /** Produces the content of a binary file. */
    @FunctionalInterface
    public interface Bytes {
        /** Writes the content to {@code out}, which the caller closes. */
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code content} to {@code target} as bytes, atomically (a compressed export).
     *
     * @throws IOException if the temporary file cannot be written or renamed; the target is then
     *     unchanged
     */
    public static void writeBytes(Path target, Bytes content) throws IOException {
        Path temp = PartialFiles.create(target.toAbsolutePath());
        boolean done = false;
        try {
            try (OutputStream out = Files.newOutputStream(temp)) {
                content.writeTo(out);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } finally {
            if (!done) {
                Files.deleteIfExists(temp);
            }
        }
    }


    /** Writes {@code text} to {@code target} in UTF-8, atomically. */
    public static void write(Path target, String text) throws IOException {
        write(target, out -> out.write(text));
    }
}

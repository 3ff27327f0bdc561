package org.locksim.trace;

import java.util.Locale;
import java.util.Objects;

/**
 * How much of a trace file could be read, and where the damage starts if it is not intact.
 *
 * @param status {@link Status#OK} or the kind of damage
 * @param fileBytes the file's size
 * @param readableBytes bytes from the start of the file to the end of the last intact block
 * @param intactBlocks data blocks that passed their checksum and decoded cleanly
 * @param intactRecords records in those blocks
 * @param lastTimePs the latest time any intact record reaches, or 0 when there is none
 * @param damageOffset byte offset where the damage starts: the file's end when truncated, the
 *     start of the bad block when corrupt; -1 when OK
 * @param damagedBlock 1-based number of the damaged block (the footer counts as a block), or -1
 * @param detail what is wrong in a few words ("checksum mismatch"), empty when OK
 */
public record Integrity(Status status, long fileBytes, long readableBytes, int intactBlocks,
                        long intactRecords, long lastTimePs, long damageOffset, int damagedBlock,
                        String detail) {

    /** Whether a file is whole, ends early, or holds bytes that fail a check. */
    public enum Status {
        /** Every block, the footer and the end marker are present and verified. */
        OK,
        /** The file ends before its footer and end marker. */
        TRUNCATED,
        /** A checksum, a length, a record or the footer's totals do not verify. */
        CORRUPT
    }

    /** Validates that status and detail are present. */
    public Integrity {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(detail, "detail");
    }

    /** Returns true when the whole file verified. */
    public boolean ok() {
        return status == Status.OK;
    }

    /**
     * Returns a one-line description, for example
     * {@code truncated at byte 81920 of block 3: 2 blocks (1,532 records, up to t=1.25 ms) intact}.
     */
    public String message() {
        String what = String.format(Locale.ROOT, "%d block%s (%s records, up to t=%s)",
            intactBlocks, intactBlocks == 1 ? "" : "s",
            String.format(Locale.US, "%,d", intactRecords), Picos.format(lastTimePs));
        if (status == Status.OK) {
            return "intact: " + what;
        }
        String where = String.format(Locale.ROOT, "%s at byte %d of block %d",
            status == Status.TRUNCATED ? "truncated" : "corrupt", damageOffset, damagedBlock);
        String why = detail.isEmpty() ? "" : " (" + detail + ")";
        return where + why + ": " + what + " intact";
    }
}

package org.pctenc;

import java.nio.ByteBuffer;

/**
 * A thread's native memory for the per-call path ({@link Native#runAt}): the value is copied
 * in, the native call reads it and writes the output after it, and the output is copied out.
 * Two copies of a short value cost less than the JNI calls they replace (a critical section
 * on a Java array and its release, and a write back into one, each a transition into the VM).
 *
 * <p>Bounded: a thread's buffer grows in powers of two up to {@link #MAX} bytes and no
 * further; a value whose input and output room do not fit takes the {@code byte[]} calls
 * instead. The memory is a direct buffer, freed by the garbage collector with its thread.
 *
 * <p>Public for the engine adapters ({@code org.pctenc.spark}), which copy a row into
 * {@link #address} and call {@link Pctenc#transformAt}; a thread uses its buffer for one call
 * at a time.
 */
public final class Scratch {
    /** The largest buffer a thread keeps. */
    public static final int MAX = 1 << 20;

    private static final ThreadLocal<Scratch> MINE = new ThreadLocal<>();

    /** The memory, and its address for the native call. */
    public final ByteBuffer buffer;
    public final long address;
    /** Heap arrays as large: a result on its way into a {@code String}. */
    final byte[] bytes;
    final char[] chars;
    /** The memory as native-order UTF-16 units. */
    final java.nio.CharBuffer units;

    private Scratch(int capacity) {
        buffer = ByteBuffer.allocateDirect(capacity);
        address = Native.address(buffer);
        if (address == 0) {
            throw new IllegalStateException("pctenc: no address for a direct buffer");
        }
        bytes = new byte[capacity];
        chars = new char[capacity / 2];
        units = buffer.duplicate().order(java.nio.ByteOrder.nativeOrder()).asCharBuffer();
    }

    /** This thread's buffer with room for {@code size} bytes; null when over {@link #MAX}. */
    public static Scratch of(long size) {
        Scratch s = MINE.get();
        if (s != null && s.buffer.capacity() >= size) {
            return s;
        }
        if (size > MAX) {
            return null;
        }
        int capacity = Math.max(4096, Integer.highestOneBit((int) Math.max(1, size - 1)) << 1);
        s = new Scratch(Math.min(MAX, capacity));
        MINE.set(s);
        return s;
    }
}

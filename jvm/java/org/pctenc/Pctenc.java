package org.pctenc;

import java.io.ObjectStreamException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A percent-encoding dialect with its options, compiled once: encode, decode and tryDecode on
 * {@code String} and {@code byte[]} values, in the native pctenc core.
 *
 * <pre>{@code
 * Pctenc form = Pctenc.of("form");
 * form.encode("a b&c");            // "a+b%26c"
 * form.decode("caf%C3%A9+au+lait"); // "café au lait"
 * Pctenc.of("rfc3986").tryDecode("100%");                // null: a '%' that is not an escape
 * Pctenc.of("rfc3986", "malformed=lenient").decode("100%");   // "100%"
 * Pctenc.of(null, "profile=form, utf8=lossy").decode("%FF");  // "\uFFFD"
 * Pctenc.of("spark").decode("a+b%2B");  // "a b+", exactly as Spark's url_decode
 * }</pre>
 *
 * <p>Profiles and options are the core's ({@code pctenc::options}, the same words, defaults and
 * messages as the CLI, Python, JavaScript and SQL): a profile name or alias (ASCII case
 * ignored: {@code rfc3986}, {@code form}, {@code js-component}, {@code spark}...), and options
 * in the compact text form, {@code key=value} pairs separated by commas: {@code hex}
 * ({@code upper}, {@code lower}), {@code malformed} ({@code strict}, {@code lenient}),
 * {@code utf8} ({@code strict}, {@code lossy}, {@code bytes}), {@code plus}, {@code charset}
 * (a WHATWG label: {@code gbk}, {@code shift_jis}...), {@code unmappable}, {@code on_error}
 * ({@code raise}, {@code null}, {@code keep}, {@code replace}: what a value that fails
 * becomes). Decoding gives text unless {@code utf8=bytes}.
 *
 * <p>Each of encode, decode and tryDecode takes the options that apply to it: {@code of}
 * throws {@link IllegalArgumentException} (the core's message for each operation, with "did
 * you mean") when the options apply to none of them (an unknown profile or word), and a
 * method throws it when they do not apply to its operation ({@code malformed} to encode,
 * {@code on_error} to tryDecode) before reading the value.
 *
 * <p>Instances are immutable and thread-safe; make one per dialect and reuse it. The options
 * are compiled once per distinct set (in canonical form) and kept for the JVM's life, about
 * 1.5 KiB each: options built from unbounded data (a {@code max_len} per request) cost that
 * per distinct value. A call
 * allocates its result and nothing else, and returns its argument itself when nothing
 * changes (for {@code byte[]}, the same array: copy it before writing to it). Strings are
 * coded as their UTF-8 bytes, those {@code getBytes(UTF_8)} gives (an unpaired surrogate is
 * {@code ?}); error offsets count those bytes.
 *
 * <p>Serializable: a deserialized instance compiles its options again in the receiving JVM
 * (the native handles never travel).
 */
public final class Pctenc implements Serializable {
    private static final long serialVersionUID = 2L;

    /** {@link #transform} mode: percent-encode. */
    public static final int ENCODE = Native.MODE_ENCODE;
    /** {@link #transform} mode: decode, under {@code on_error}. */
    public static final int DECODE = Native.MODE_DECODE;
    /** {@link #transform} mode: decode, null where a value does not decode. */
    public static final int TRY_DECODE = Native.MODE_TRY_DECODE;

    private final String profile;
    private final String options;
    private final int flags;
    /** Per mode: the native handle (0 when the options do not apply) and the error. */
    private final transient long[] handles;
    private final transient String[] errors;
    /** Per mode: whether it decodes to bytes that need not be UTF-8 ({@code utf8=bytes}). */
    private final transient boolean[] toBytes;
    private final transient String name;

    private Pctenc(String profile, String options, int flags) {
        this.profile = profile;
        this.options = options == null ? "" : options;
        this.flags = flags;
        this.handles = new long[3];
        this.errors = new String[3];
        this.toBytes = new boolean[3];
        String named = null;
        for (int mode = 0; mode < 3; mode++) {
            try {
                handles[mode] = Native.compile(mode, profile, this.options, flags);
                named = Native.profileName(handles[mode]);
                toBytes[mode] = Native.decodesToBytes(handles[mode]);
            } catch (IllegalArgumentException e) {
                errors[mode] = e.getMessage();
            }
        }
        if (named == null) {
            // The options apply to no operation: say why for each (the messages name it).
            java.util.LinkedHashSet<String> why = new java.util.LinkedHashSet<>(Arrays.asList(errors));
            throw new IllegalArgumentException(String.join("; ", why));
        }
        this.name = named;
    }

    /**
     * The profile called {@code profile}, with its own defaults.
     *
     * @param profile a profile name or alias
     * @return the codec
     * @throws IllegalArgumentException for an unknown profile (with "did you mean")
     */
    public static Pctenc of(String profile) {
        return new Pctenc(java.util.Objects.requireNonNull(profile, "profile"), "", 0);
    }

    /**
     * The profile called {@code profile} with {@code options} (see the class comment).
     *
     * @param profile a profile name or alias; null for the one the options name, or the
     *     core's default ({@code rfc3986})
     * @param options the compact text form; null or empty for none
     * @return the codec
     * @throws IllegalArgumentException when the options apply to no operation
     */
    public static Pctenc of(String profile, String options) {
        return new Pctenc(profile, options, 0);
    }

    /**
     * As {@link #forEngineStrings}, with {@code profile} a default: the options' own
     * {@code profile=} wins (SQL's {@code pct_decode(s, 'profile=form, utf8=lossy')}).
     *
     * @param defaultProfile the profile when the options name none
     * @param options as in {@link #of(String, String)}
     * @return the codec
     */
    public static Pctenc forEngineStringsWithDefault(String defaultProfile, String options) {
        return new Pctenc(defaultProfile, options,
                Native.FLAG_JAVA_STRING_INPUT | Native.FLAG_DEFAULT_PROFILE);
    }

    /**
     * As {@link #of(String, String)}, for an engine whose strings are bytes that Java reads
     * as a {@code String} (Spark's {@code UTF8String}, which may hold bytes that are not
     * UTF-8 after {@code CAST(binary AS STRING)}): under Java's own profile ({@code spark},
     * {@code java-urlencoder}) such bytes are replaced first as Java replaces them, so that
     * the result is that of Spark's {@code url_encode} / {@code url_decode}. Other profiles
     * see the bytes as they are.
     *
     * @param profile as in {@link #of(String, String)}
     * @param options as in {@link #of(String, String)}
     * @return the codec
     */
    public static Pctenc forEngineStrings(String profile, String options) {
        return new Pctenc(profile, options, Native.FLAG_JAVA_STRING_INPUT);
    }

    /** @return the version of pctenc (the jar's and its native library's) */
    public static String version() {
        return Native.VERSION;
    }

    /** @return the profile's canonical name (an alias is resolved) */
    public String profile() {
        return name;
    }

    /** @return the options as given */
    public String options() {
        return options;
    }

    /**
     * Throws the options' error for {@code mode}, if they do not apply to it: how an engine
     * reports it when a query is analysed rather than at the first value.
     *
     * @param mode {@link #ENCODE}, {@link #DECODE} or {@link #TRY_DECODE}
     * @return this
     * @throws IllegalArgumentException the core's message
     */
    public Pctenc check(int mode) {
        handle(mode);
        return this;
    }

    /** @return whether decoding gives bytes that need not be UTF-8 ({@code utf8=bytes}) */
    public boolean decodesToBytes() {
        handle(DECODE);
        return toBytes[DECODE];
    }

    /**
     * Percent-encodes the UTF-8 bytes of {@code value}.
     *
     * @param value the text
     * @return the encoding ({@code value} itself when nothing needs escaping); null only
     *     with {@code on_error=null}
     * @throws PctencException where the profile cannot write the value
     */
    public String encode(String value) {
        return text(ENCODE, value);
    }

    /**
     * Percent-encodes {@code value}.
     *
     * @param value the bytes
     * @return the encoding ({@code value} itself when nothing needs escaping)
     * @throws PctencException where the profile cannot write the value (bytes that are not
     *     UTF-8 under {@code js-component})
     */
    public byte[] encode(byte[] value) {
        return bytes(ENCODE, value);
    }

    /**
     * Decodes {@code value}, under the profile's policy and {@code on_error}.
     *
     * @param value the encoded text
     * @return the decoded text ({@code value} itself when nothing changes); null only with
     *     {@code on_error=null}
     * @throws PctencException when the value does not decode and {@code on_error} is
     *     {@code raise} (the default)
     * @throws IllegalArgumentException with {@code utf8=bytes}, whose result a String cannot
     *     hold: use {@link #decode(byte[])}
     */
    public String decode(String value) {
        return text(DECODE, value);
    }

    /**
     * Decodes {@code value} to bytes (UTF-8 text unless {@code utf8=bytes}).
     *
     * @param value the encoded bytes
     * @return the decoded bytes ({@code value} itself when nothing changes)
     * @throws PctencException as {@link #decode(String)}
     */
    public byte[] decode(byte[] value) {
        return bytes(DECODE, value);
    }

    /**
     * Decodes {@code value}, or returns null where it does not decode.
     *
     * @param value the encoded text
     * @return the decoded text, or null
     */
    public String tryDecode(String value) {
        return text(TRY_DECODE, value);
    }

    /**
     * Decodes {@code value} to bytes, or returns null where it does not decode.
     *
     * @param value the encoded bytes
     * @return the decoded bytes, or null
     */
    public byte[] tryDecode(byte[] value) {
        return bytes(TRY_DECODE, value);
    }

    /**
     * The engine-facing call, for values held in a shared buffer (a row of Spark's
     * {@code UTF8String}): runs {@code mode} on {@code buf[from, from + len)}.
     *
     * @param mode {@link #ENCODE}, {@link #DECODE} or {@link #TRY_DECODE}
     * @param buf the buffer
     * @param from where the value starts
     * @param len the value's length in bytes
     * @return null when the output is the value unchanged; {@code buf} itself when the result
     *     is null (a try-decode, or {@code on_error=null}); else a new array holding exactly
     *     the output
     * @throws PctencException in raise mode, for a value that does not decode
     * @throws IllegalArgumentException for a range outside {@code buf}, or options that do
     *     not apply to {@code mode}
     */
    public byte[] transform(int mode, byte[] buf, int from, int len) {
        long h = handle(mode);
        Native.checkRange(buf, from, len);
        return Native.run(h, buf, from, len);
    }

    /** {@link #transformInto}: the output is the value unchanged. */
    public static final int UNCHANGED = Native.UNCHANGED;
    /** {@link #transformInto}: the result is null. */
    public static final int NULL_VALUE = Native.NULL_VALUE;
    /** {@link #transformInto}: the output is longer than the array given; nothing was written. */
    public static final int DOES_NOT_FIT = Native.DOES_NOT_FIT;

    /**
     * {@link #transform} with the output written into {@code out}, an array the caller
     * allocated ({@link #room} bytes fit nearly every output): one native call and no
     * allocation in it.
     *
     * @return the output's length, or {@link #UNCHANGED}, {@link #NULL_VALUE},
     *     {@link #DOES_NOT_FIT} (then call {@link #transform})
     * @throws PctencException in raise mode, for a value that does not decode
     */
    public int transformInto(int mode, byte[] buf, int from, int len, byte[] out) {
        long h = handle(mode);
        Native.checkRange(buf, from, len);
        return Native.runInto(h, buf, from, len, out, out.length);
    }

    /** {@link #transformAt}: the value failed; {@link #transform} on its bytes throws why. */
    public static final int FAILED = Native.FAILED;

    /**
     * The engine-facing call on native memory (an off-heap row, or a buffer the engine
     * copied the row into): runs {@code mode} on the {@code len} bytes at address
     * {@code input} and writes the output to the {@code room} bytes at address {@code out}.
     * One native call that makes no call back into the JVM: the cheapest per-row path.
     *
     * <p>The addresses are trusted: the caller owns both ranges for the call, and they do
     * not overlap. Passing anything else corrupts memory.
     *
     * @return the output's length, or {@link #UNCHANGED}, {@link #NULL_VALUE},
     *     {@link #DOES_NOT_FIT} (nothing was written), {@link #FAILED} (raise mode: call
     *     {@link #transform} on the value's bytes, which throws the core's error)
     * @throws IllegalArgumentException for options that do not apply to {@code mode}
     */
    public int transformAt(int mode, long input, int len, long out, int room) {
        long h = handle(mode);
        if (len < 0 || room < 0) {
            throw new IllegalArgumentException("pctenc: negative length");
        }
        return Native.runAt(h, input, len, out, room);
    }

    /**
     * The room for the output of {@code mode} on {@code len} bytes that nearly every value
     * fits: decoding shrinks (a value that is not UTF-8 under Java's profile, or a legacy
     * charset, may grow, and then does not fit), encoding writes at most three bytes per
     * byte (a value that is not UTF-8 under Java's profile may need more).
     */
    public static int room(int mode, int len) {
        return mode == ENCODE ? (int) Math.min(Integer.MAX_VALUE - 8, 3L * len) : len;
    }

    private long handle(int mode) {
        if (mode < 0 || mode > 2) {
            throw new IllegalArgumentException("pctenc: unknown mode " + mode);
        }
        long h = handles[mode];
        if (h == 0) {
            throw new IllegalArgumentException(errors[mode]);
        }
        return h;
    }

    private String text(int mode, String value) {
        long h = handle(mode);
        if (toBytes[mode]) {
            throw new IllegalArgumentException(
                    "utf8=bytes decodes to bytes that a String cannot hold: use decode(byte[])");
        }
        // One native call on the thread's scratch memory, with no JDK conversion where it
        // costs: encode hands over the value's UTF-16 units (the native side makes the
        // UTF-8 getBytes would), decode its getBytes(UTF_8) (a copy for an ASCII string);
        // the result comes back as ASCII bytes or UTF-16 units, made a String with a copy.
        int len = value.length();
        Scratch s = Scratch.of(Math.max(1024, 16L * len));
        if (s != null) {
            int n;
            int at;
            if (mode == ENCODE) {
                value.getChars(0, len, s.chars, 0);
                s.units.put(0, s.chars, 0, len);
                at = 2 * len;
                n = Native.runUtf16(h, s.address, len, s.address + at, s.buffer.capacity() - at);
            } else {
                byte[] in = value.getBytes(StandardCharsets.UTF_8);
                s.buffer.put(0, in, 0, in.length);
                at = (in.length + 1) & ~1;
                n = Native.runUtf8(h, s.address, in.length, s.address + at, s.buffer.capacity() - at);
            }
            if (n >= Native.WIDE) {
                n -= Native.WIDE;
                s.units.get(at / 2, s.chars, 0, n);
                return new String(s.chars, 0, n);
            }
            if (n >= 0) {
                s.buffer.get(at, s.bytes, 0, n);
                return new String(s.bytes, 0, n, StandardCharsets.ISO_8859_1);
            }
            if (n == UNCHANGED) {
                return value;
            }
            if (n == NULL_VALUE) {
                return null;
            }
        }
        // Too long for the scratch memory, an output that is not UTF-8 (which the JDK's
        // decoder reads, as for any byte[] made into a String), or a failure (which the
        // byte[] call throws with the core's message and the offset in these bytes).
        byte[] in = value.getBytes(StandardCharsets.UTF_8);
        byte[] out = Native.run(h, in, 0, in.length);
        return out == null ? value : out == in ? null : new String(out, StandardCharsets.UTF_8);
    }

    private byte[] bytes(int mode, byte[] value) {
        long h = handle(mode);
        Native.checkRange(value, 0, 0);
        int len = value.length;
        int room = room(mode, len);
        Scratch s = Scratch.of((long) len + room);
        if (s != null) {
            s.buffer.put(0, value, 0, len);
            int n = Native.runAt(h, s.address, len, s.address + len, room);
            if (n >= 0) {
                byte[] out = new byte[n];
                s.buffer.get(len, out, 0, n);
                return out;
            }
            if (n == UNCHANGED) {
                return value;
            }
            if (n == NULL_VALUE) {
                return null;
            }
        }
        // As in text: the array call, which throws for a value that failed.
        byte[] out = Native.run(h, value, 0, len);
        if (out == null) {
            return value;
        }
        if (out == value) {
            return null;
        }
        return out;
    }

    /** Deserialization compiles the options again in this JVM. */
    private Object readResolve() throws ObjectStreamException {
        return new Pctenc(profile, options, flags);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pctenc && Arrays.equals(((Pctenc) o).handles, handles);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(handles);
    }

    @Override
    public String toString() {
        return options.isEmpty() ? "Pctenc(" + name + ")" : "Pctenc(" + name + ", " + options + ")";
    }
}

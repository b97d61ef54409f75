package org.pctenc.spark;

import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;
import org.pctenc.Pctenc;
import org.pctenc.PctencException;
import org.pctenc.Scratch;

/**
 * What Spark's generated code calls once per row for {@code pct_encode}, {@code pct_decode}
 * and {@code pct_try_decode}: the Catalyst expressions ({@code PctFunctions.scala}) are
 * replaced by a {@code StaticInvoke} of these methods, as Spark's own {@code url_decode} is
 * replaced by one of {@code UrlCodec.decode}.
 *
 * <p>One native call per row, whose arguments are addresses and lengths only
 * ({@code Pctenc.transformAt}: no JNI call back into the VM on the way). A row in off-heap
 * memory is read where it is; a row on the heap (a row buffer, a {@code long[]} page) is
 * first copied into the thread's native scratch buffer ({@code org.pctenc.Scratch}), the
 * output is written after it and copied into the result's one new array. A row that comes
 * out unchanged is returned as it came. A value too long for the scratch buffer, an output
 * longer than its room, or a value that fails (whose error the array call throws with the
 * core's message) takes the array call.
 *
 * <p>With a constant profile and options (the usual case) the codec is compiled once, when
 * the query is analysed, and travels with the plan; a profile or options given per row are
 * looked up in a cache of compiled codecs.
 */
public final class SparkRows {
    private SparkRows() {}

    /** Compiled codecs by profile and options, for profiles that change per row. */
    private static final ConcurrentHashMap<String, Pctenc> BY_NAME = new ConcurrentHashMap<>();

    /** The profile of {@code pct_decode(s)}: Spark's own dialect. */
    public static final String DEFAULT_PROFILE = "spark";

    /**
     * The codec that Spark's functions use for their profile and options arguments. A
     * second argument with a {@code =} is the options text ({@code pct_decode(s,
     * 'profile=form, utf8=lossy')}), its profile {@code spark} unless it names one.
     */
    public static Pctenc codec(String profile, String options) {
        String key = profile + '\0' + options;
        Pctenc c = BY_NAME.get(key);
        if (c == null) {
            c = options.isEmpty() && profile.indexOf('=') >= 0
                    ? Pctenc.forEngineStringsWithDefault(DEFAULT_PROFILE, profile)
                    : Pctenc.forEngineStrings(profile, options);
            if (BY_NAME.size() < 4096) {
                BY_NAME.putIfAbsent(key, c);
            }
        }
        return c;
    }

    /** {@code pct_encode(value, <constant profile>)}. */
    public static UTF8String encode(UTF8String value, Pctenc codec) {
        return run("pct_encode", codec, Pctenc.ENCODE, value);
    }

    /** {@code pct_decode(value, <constant profile>)}. */
    public static UTF8String decode(UTF8String value, Pctenc codec) {
        return run("pct_decode", codec, Pctenc.DECODE, value);
    }

    /** {@code pct_try_decode(value, <constant profile>)}. */
    public static UTF8String tryDecode(UTF8String value, Pctenc codec) {
        return run("pct_try_decode", codec, Pctenc.TRY_DECODE, value);
    }

    /** {@code pct_encode(value, profile, options)} with a profile or options per row. */
    public static UTF8String encodeWith(UTF8String value, UTF8String profile, UTF8String options) {
        return run("pct_encode", codec(profile.toString(), options.toString()), Pctenc.ENCODE, value);
    }

    /** {@code pct_decode(value, profile, options)} with a profile or options per row. */
    public static UTF8String decodeWith(UTF8String value, UTF8String profile, UTF8String options) {
        return run("pct_decode", codec(profile.toString(), options.toString()), Pctenc.DECODE, value);
    }

    /** {@code pct_try_decode(value, profile, options)} with a profile or options per row. */
    public static UTF8String tryDecodeWith(UTF8String value, UTF8String profile, UTF8String options) {
        return run("pct_try_decode", codec(profile.toString(), options.toString()), Pctenc.TRY_DECODE, value);
    }

    private static UTF8String run(String function, Pctenc codec, int mode, UTF8String value) {
        int len = value.numBytes();
        int room = Pctenc.room(mode, len);
        Scratch s = Scratch.of((long) len + room);
        if (s != null) {
            Object base = value.getBaseObject();
            long in = value.getBaseOffset();
            long out = s.address;
            if (base != null) {
                // On the heap (a row buffer, or a long[] page): copied next to the output.
                Platform.copyMemory(base, in, null, s.address, len);
                in = s.address;
                out = s.address + len;
            }
            int n = codec.transformAt(mode, in, len, out, room);
            if (n >= 0) {
                byte[] result = new byte[n];
                Platform.copyMemory(null, out, result, Platform.BYTE_ARRAY_OFFSET, n);
                return UTF8String.fromBytes(result);
            }
            if (n == Pctenc.UNCHANGED) {
                return value;
            }
            if (n == Pctenc.NULL_VALUE) {
                return null;
            }
            // DOES_NOT_FIT or FAILED: the array path below writes it, or throws why.
        }
        byte[] buf = value.getBytes();
        byte[] out;
        try {
            out = codec.transform(mode, buf, 0, len);
        } catch (PctencException e) {
            throw e.in(function);
        }
        if (out == null) {
            return value;
        }
        if (out == buf) {
            return null;
        }
        return UTF8String.fromBytes(out);
    }
}

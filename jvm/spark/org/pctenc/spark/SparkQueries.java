package org.pctenc.spark;

import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;
import org.pctenc.PctencException;
import org.pctenc.PctencQuery;

/**
 * What Spark's generated code calls once per row for {@code pct_query_param},
 * {@code pct_parse_query} and {@code pct_build_query} (and the {@code pct_try_*} twins): the
 * Catalyst expressions ({@code PctQueryFunctions.scala}) are replaced by a {@code StaticInvoke}
 * of these methods, as {@link SparkRows} is for the codec functions.
 *
 * <p>A row's bytes are read where they are (an on-heap row buffer) with one native call; a
 * picked value is one new array, and a row's pairs are one array that every key and value of
 * the result points into ({@code UTF8String.fromAddress}), so a row of any number of pairs
 * costs one call and one copy. A constant key is turned into bytes once, when the query is
 * planned.
 */
public final class SparkQueries {
    private SparkQueries() {}

    static {
        // The pairs' layout is little-endian, read here with the platform's order.
        if (java.nio.ByteOrder.nativeOrder() != java.nio.ByteOrder.LITTLE_ENDIAN) {
            throw new IllegalStateException("pctenc: a big-endian JVM is not supported");
        }
    }

    private static final ConcurrentHashMap<String, PctencQuery> BY_NAME = new ConcurrentHashMap<>();

    /**
     * The codec of SQL's profile and options arguments: an empty profile is the operation's
     * default ({@code form}); a profile argument with a {@code =} is the options text; an
     * options text without one is the {@code input} word ({@code pct_query_param(u, 'q',
     * 'form', 'url')}).
     */
    public static PctencQuery codec(int op, String profile, String options, boolean tryMode) {
        String key = op + "\0" + tryMode + "\0" + profile + "\0" + options;
        PctencQuery c = BY_NAME.get(key);
        if (c == null) {
            String p = profile.isEmpty() ? null : profile;
            String o = options;
            if (p != null && o.isEmpty() && p.indexOf('=') >= 0) {
                o = p;
                p = null;
            }
            c = PctencQuery.forEngineStrings(op, p, o, tryMode);
            if (BY_NAME.size() < 4096) {
                BY_NAME.putIfAbsent(key, c);
            }
        }
        return c;
    }

    /** {@code pct_query_param(value, <constant key>, <constant profile, options>)}. */
    public static UTF8String param(UTF8String value, PctencQuery codec, byte[] key, String function) {
        Object base = value.getBaseObject();
        byte[] out;
        try {
            if (base instanceof byte[]) {
                int from = (int) (value.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET);
                out = codec.param((byte[]) base, from, value.numBytes(), key);
            } else {
                byte[] copy = value.getBytes();
                out = codec.param(copy, 0, copy.length, key);
            }
        } catch (PctencException e) {
            throw e.in(function);
        }
        return out == null ? null : UTF8String.fromBytes(out);
    }

    /** {@code pct_query_param(value, key, <constant profile, options>)}, the key per row. */
    public static UTF8String paramKey(UTF8String value, PctencQuery codec, UTF8String key, String function) {
        return param(value, codec, key.getBytes(), function);
    }

    /** {@code pct_query_param(value, key, profile, options)}, any of them per row. */
    public static UTF8String paramWith(UTF8String value, UTF8String key, UTF8String profile,
            UTF8String options, boolean tryMode, String function) {
        PctencQuery c = codec(PctencQuery.PARAM, profile.toString(), options.toString(), tryMode);
        return param(value, c, key.getBytes(), function);
    }

    /** {@code pct_parse_query(value, <constant profile, options>)}: array of (key, value). */
    public static ArrayData parse(UTF8String value, PctencQuery codec, String function) {
        Object base = value.getBaseObject();
        byte[] out;
        try {
            if (base instanceof byte[]) {
                int from = (int) (value.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET);
                out = codec.parse((byte[]) base, from, value.numBytes());
            } else {
                byte[] copy = value.getBytes();
                out = codec.parse(copy, 0, copy.length);
            }
        } catch (PctencException e) {
            throw e.in(function);
        }
        if (out == null) {
            return null;
        }
        int n = Platform.getInt(out, Platform.BYTE_ARRAY_OFFSET);
        Object[] rows = new Object[n];
        long data = Platform.BYTE_ARRAY_OFFSET + 4L + 8L * n;
        for (int i = 0; i < n; i++) {
            int k = Platform.getInt(out, Platform.BYTE_ARRAY_OFFSET + 4L + 8L * i);
            int v = Platform.getInt(out, Platform.BYTE_ARRAY_OFFSET + 8L + 8L * i);
            UTF8String key = UTF8String.fromAddress(out, data, k);
            UTF8String val = UTF8String.fromAddress(out, data + k, v);
            data += k + v;
            rows[i] = new GenericInternalRow(new Object[] {key, val});
        }
        return new GenericArrayData(rows);
    }

    /** {@code pct_parse_query(value, profile, options)}, any of them per row. */
    public static ArrayData parseWith(UTF8String value, UTF8String profile, UTF8String options,
            boolean tryMode, String function) {
        return parse(value, codec(PctencQuery.PARSE, profile.toString(), options.toString(), tryMode), function);
    }

    /** {@code pct_build_query(map<string, string>, <constant profile, options>)}. */
    public static UTF8String buildMap(MapData pairs, PctencQuery codec) {
        return build(pairs.keyArray(), pairs.valueArray(), null, codec);
    }

    /** {@code pct_build_query(array<struct<key, value>>, <constant profile, options>)}. */
    public static UTF8String buildPairs(ArrayData pairs, PctencQuery codec) {
        return build(null, null, pairs, codec);
    }

    /** {@link #buildMap} with a profile or options per row. */
    public static UTF8String buildMapWith(MapData pairs, UTF8String profile, UTF8String options) {
        return buildMap(pairs, codec(PctencQuery.BUILD, profile.toString(), options.toString(), false));
    }

    /** {@link #buildPairs} with a profile or options per row. */
    public static UTF8String buildPairsWith(ArrayData pairs, UTF8String profile, UTF8String options) {
        return buildPairs(pairs, codec(PctencQuery.BUILD, profile.toString(), options.toString(), false));
    }

    private static UTF8String build(ArrayData keys, ArrayData values, ArrayData structs, PctencQuery codec) {
        int n = structs != null ? structs.numElements() : keys.numElements();
        PctencQuery.Layout layout = new PctencQuery.Layout(n);
        for (int i = 0; i < n; i++) {
            UTF8String k;
            UTF8String v;
            if (structs != null) {
                InternalRow pair = structs.isNullAt(i) ? null : structs.getStruct(i, 2);
                k = pair == null || pair.isNullAt(0) ? null : pair.getUTF8String(0);
                v = pair == null || pair.isNullAt(1) ? null : pair.getUTF8String(1);
            } else {
                k = keys.isNullAt(i) ? null : keys.getUTF8String(i);
                v = values.isNullAt(i) ? null : values.getUTF8String(i);
            }
            layout.add(k == null ? null : k.getBytes(), v == null ? null : v.getBytes());
        }
        return UTF8String.fromBytes(codec.build(layout.finish()));
    }
}

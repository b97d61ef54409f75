import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.catalyst.expressions.UrlCodec;
import org.apache.spark.unsafe.types.UTF8String;
import org.pctenc.Pctenc;
import org.pctenc.spark.SparkRows;

/**
 * The per-row call of the Spark functions without Spark's engine around it (not a test):
 * what Spark's generated code calls for a row, {@code SparkRows.decode} / {@code encode}
 * (pct_decode / pct_encode) against {@code UrlCodec.decode} / {@code encode} (url_decode /
 * url_encode), on rows held as Spark holds a cached column's (UTF8String in a heap array),
 * in ns of this thread's CPU time per row. The values are ApiBench's (Harness.values),
 * encoded by URLEncoder for decoding; results are checked equal first; timed by Harness's
 * loop. A JVM-side view of the per-row cost that a loaded machine's wall clock hides.
 *
 *   java -cp pctenc.jar:$SPARK_JARS/'*':classes SparkRowBench [ROUNDS]
 */
public final class SparkRowBench {
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        String[] plain = Harness.values();
        int m = plain.length;
        UTF8String[] p = new UTF8String[m];
        UTF8String[] e = new UTF8String[m];
        for (int i = 0; i < m; i++) {
            p[i] = UTF8String.fromString(plain[i]);
            e[i] = UTF8String.fromString(URLEncoder.encode(plain[i], StandardCharsets.UTF_8));
        }
        Pctenc dec = SparkRows.codec(SparkRows.DEFAULT_PROFILE, "");
        for (int i = 0; i < m; i++) {
            if (!SparkRows.encode(p[i], dec).equals(UrlCodec.encode(p[i]))
                    || !SparkRows.decode(e[i], dec).equals(UrlCodec.decode(e[i], true))) {
                throw new AssertionError("pct_* and the built-ins differ on " + p[i]);
            }
        }
        String[] names = {"url_encode (UrlCodec.encode)", "pct_encode (SparkRows.encode)",
            "url_decode (UrlCodec.decode)", "pct_decode (SparkRows.decode)"};
        Harness.Case[] cases = {
            i -> Harness.sink += UrlCodec.encode(p[i]).numBytes(),
            i -> Harness.sink += SparkRows.encode(p[i], dec).numBytes(),
            i -> Harness.sink += UrlCodec.decode(e[i], true).numBytes(),
            i -> Harness.sink += SparkRows.decode(e[i], dec).numBytes(),
        };
        System.out.printf("pctenc %s%n", Pctenc.version());
        double[] med = Harness.run(names, cases, m, rounds, "row");
        System.out.printf("pct_encode %.2fx url_encode; pct_decode %.2fx url_decode (the calls alone)%n",
                med[0] / med[1], med[2] / med[3]);
    }
}

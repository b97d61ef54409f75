import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.UrlCodec;
import org.apache.spark.unsafe.types.UTF8String;
import org.pctenc.Pctenc;
import org.pctenc.spark.SparkRows;

/**
 * The per-row call of the Spark functions without Spark's engine around it (not a test):
 * what Spark's generated code calls for a row, {@code SparkRows.decode} / {@code encode}
 * (pct_decode / pct_encode) against {@code UrlCodec.decode} / {@code encode} (url_decode /
 * url_encode), on rows held as Spark holds a cached column's (UTF8String in a heap array),
 * in ns of this thread's CPU time per row. The values are ApiBench's (1000 of 64 UTF-8
 * bytes, about one character in twelve outside ASCII), encoded by URLEncoder for decoding;
 * results are checked equal first; interleaved rounds, 10 warm-up, median of the rest.
 * A JVM-side view of the per-row cost that a loaded machine's wall clock hides.
 *
 *   java -cp pctenc.jar:$SPARK_JARS/'*':classes SparkRowBench [ROUNDS]
 */
public final class SparkRowBench {
    static long sink;

    interface Case {
        void run(int i);
    }

    public static void main(String[] args) {
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        int warm = 10;
        java.util.Random r = new java.util.Random(0x9e3779b9L);
        String ascii = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        String punct = " ./-_?=&:;,+!*()~@#%";
        String[] wide = {"é", "ü", "€", "中", "😀"};
        List<String> plain = new ArrayList<>();
        while (plain.size() < 1000) {
            StringBuilder s = new StringBuilder();
            int n = 0;
            while (true) {
                int k = r.nextInt(12);
                String ch = k == 0 ? wide[r.nextInt(wide.length)]
                        : k < 3 ? String.valueOf(punct.charAt(r.nextInt(punct.length())))
                        : String.valueOf(ascii.charAt(r.nextInt(ascii.length())));
                int b = ch.getBytes(StandardCharsets.UTF_8).length;
                if (n + b > 64) {
                    break;
                }
                s.append(ch);
                n += b;
            }
            if (n == 64) {
                plain.add(s.toString());
            }
        }
        int m = plain.size();
        UTF8String[] p = new UTF8String[m];
        UTF8String[] e = new UTF8String[m];
        for (int i = 0; i < m; i++) {
            p[i] = UTF8String.fromString(plain.get(i));
            e[i] = UTF8String.fromString(URLEncoder.encode(plain.get(i), StandardCharsets.UTF_8));
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
        Case[] cases = {
            i -> sink += UrlCodec.encode(p[i]).numBytes(),
            i -> sink += SparkRows.encode(p[i], dec).numBytes(),
            i -> sink += UrlCodec.decode(e[i], true).numBytes(),
            i -> sink += SparkRows.decode(e[i], dec).numBytes(),
        };
        int reps = 20;
        double[][] ns = new double[cases.length][rounds];
        for (int round = 0; round < warm + rounds; round++) {
            for (int c = 0; c < cases.length; c++) {
                long t0 = cpu.getCurrentThreadCpuTime();
                for (int k = 0; k < reps; k++) {
                    for (int i = 0; i < m; i++) {
                        cases[c].run(i);
                    }
                }
                long t = cpu.getCurrentThreadCpuTime() - t0;
                if (round >= warm) {
                    ns[c][round - warm] = (double) t / (reps * m);
                }
            }
        }
        System.out.printf("pctenc %s, %s, %d rows of 64 bytes, median of %d rounds (%d warm-up)%n",
                Pctenc.version(), System.getProperty("java.vm.version"), m, rounds, warm);
        double[] med = new double[cases.length];
        for (int c = 0; c < cases.length; c++) {
            double[] v = ns[c].clone();
            Arrays.sort(v);
            med[c] = v[v.length / 2];
            System.out.printf("%-32s %8.1f ns/row  (rounds %.1f .. %.1f)%n", names[c], med[c], v[0], v[v.length - 1]);
        }
        System.out.printf("pct_encode %.2fx url_encode; pct_decode %.2fx url_decode (the calls alone)%n",
                med[0] / med[1], med[2] / med[3]);
        if (sink == 42) {
            System.out.println();
        }
    }
}

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * What ApiBench and SparkRowBench share (not a test): their values, and the timing loop.
 * JMH is not available here, so a warmed, interleaved harness like npm/bench.mjs: every
 * round runs each case over all values in turn, the first rounds warm the JIT and are
 * dropped, and the median of the rest is reported in ns of this thread's CPU time per value.
 */
final class Harness {
    static long sink;

    interface Case {
        void run(int i);
    }

    private Harness() {}

    /**
     * 1000 values of 64 UTF-8 bytes, the same in every run (a fixed seed): ASCII letters and
     * digits, URL punctuation with spaces, about one character in twelve outside ASCII.
     */
    static String[] values() {
        String ascii = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        String punct = " ./-_?=&:;,+!*()~@#%";
        String[] wide = {"é", "ü", "€", "中", "😀"};
        List<String> plain = new ArrayList<>();
        Random r = new Random(0x9e3779b9L);
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
        return plain.toArray(new String[0]);
    }

    /**
     * Times each case over values 0..n (20 times a round), `warm` rounds dropped, then
     * `rounds` kept; prints one line per case (`unit` names what one value is) and returns
     * the medians, in the order of `cases`.
     */
    static double[] run(String[] names, Case[] cases, int n, int rounds, String unit) {
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        int warm = 10;
        int reps = 20;
        double[][] ns = new double[cases.length][rounds];
        for (int round = 0; round < warm + rounds; round++) {
            for (int c = 0; c < cases.length; c++) {
                long t0 = cpu.getCurrentThreadCpuTime();
                for (int k = 0; k < reps; k++) {
                    for (int i = 0; i < n; i++) {
                        cases[c].run(i);
                    }
                }
                long t = cpu.getCurrentThreadCpuTime() - t0;
                if (round >= warm) {
                    ns[c][round - warm] = (double) t / (reps * n);
                }
            }
        }
        System.out.printf("%s, %d values of 64 bytes, median of %d rounds (%d warm-up)%n",
                System.getProperty("java.vm.version"), n, rounds, warm);
        double[] med = new double[cases.length];
        for (int c = 0; c < cases.length; c++) {
            double[] v = ns[c].clone();
            Arrays.sort(v);
            med[c] = v[v.length / 2];
            System.out.printf("%-45s %8.1f ns/%s  (rounds %.1f .. %.1f)%n",
                    names[c], med[c], unit, v[0], v[v.length - 1]);
        }
        if (sink == 42) {
            System.out.println();
        }
        return med;
    }
}

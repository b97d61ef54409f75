package org.pctenc.spark;

import java.util.List;
import org.apache.spark.sql.errors.QueryCompilationErrors;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Spark's own analysis errors, for the Scala side: {@code QueryCompilationErrors} is
 * {@code private[sql]} to Scala code outside Spark, but public in bytecode, so Java reaches it.
 */
final class Errors {
    private Errors() {}

    /** Spark's WRONG_NUM_ARGS error: {@code function} takes 1, 2 or 3 arguments. */
    static Throwable wrongNumArgs(String function, int given) {
        return wrongNumArgs(function, given, 1, 3);
    }

    /** Spark's WRONG_NUM_ARGS error: {@code function} takes {@code least..most} arguments. */
    static Throwable wrongNumArgs(String function, int given, int least, int most) {
        List<Object> expected = new java.util.ArrayList<>();
        for (int n = least; n <= most; n++) {
            expected.add(n);
        }
        return QueryCompilationErrors.wrongNumArgsError(
                function,
                CollectionConverters.asScala(expected).toSeq(),
                given,
                QueryCompilationErrors.wrongNumArgsError$default$4(),
                QueryCompilationErrors.wrongNumArgsError$default$5(),
                QueryCompilationErrors.wrongNumArgsError$default$6());
    }
}

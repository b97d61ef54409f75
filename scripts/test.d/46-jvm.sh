#!/usr/bin/env bash
# The JVM library and the native Spark functions (jvm/, crates/pctenc-jvm), with the real JDK
# and Spark: builds the jar with scripts/build/jvm.sh against the pyspark of the Python suites'
# shared virtualenv (scripts/python/venv.sh: fresh per clean checkout, with the pins of
# scripts/python/requirements-test.txt), then
#   1. the Java API harness (jvm/tests/ApiTest.java, plain java): known values, errors with
#      code/offset/profile, options, byte[] ranges, the `spark` profile against the JDK's own
#      URLEncoder/URLDecoder on every shared test string, serialization, threads, two class
#      loaders, and the conformance table (conformance/cases.jsonl, encode/decode/try-decode);
#      and jvm/bench compiled (not run);
#   2. spark-sql (pyspark's bin/spark-sql, local[2]) with --jars and spark.sql.extensions:
#      jvm/tests/cli.sql compares pct_* with the built-ins on the shared strings and must
#      fail its last query with the byte offset;
#   3. PySpark (jvm/tests, pytest): local[2] (with pctenc.spark choosing the native functions), then local-cluster[2,1,1024] (executor JVMs
#      that load the native library from the shipped jar, functions from META-INF/services);
#      and pctenc.spark choosing the native functions (the wheel built as 45-engines.sh does);
#      the conformance table through the native functions in the local[2] session
#      (crates/pctenc-py/engine_tests/spark_conformance.py, conformance/cannot-express/spark-native.txt).
# Fails (never skips) when Java, javac or the build is missing. Ends with "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
t0=$SECONDS
lap() { echo "46-jvm: $1 ($((SECONDS - t0)) s so far)"; }
passed=0 failed=0
count() { # count LABEL "N passed, M failed" line
    local p f
    p=$(sed -n 's/.*\b\([0-9][0-9]*\) passed.*/\1/p' <<<"$2" | tail -1)
    f=$(sed -n 's/.*\b\([0-9][0-9]*\) failed.*/\1/p' <<<"$2" | tail -1)
    passed=$((passed + ${p:-0})) failed=$((failed + ${f:-0}))
    echo "46-jvm: $1: ${p:-0} passed, ${f:-0} failed"
}

. scripts/python/venv.sh # the Python suites' shared venv (every pin of requirements-test.txt)
lap "venv ready"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

jar=$(PYTHON="$py" bash scripts/build/jvm.sh | tail -1)
[ -f "$jar" ] || { echo "46-jvm: scripts/build/jvm.sh built no jar"; exit 1; }
version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version *= *"\([^"]*\)".*/\1/p' Cargo.toml)
lap "jar built: $jar"
# The jar's version (manifest and pctenc.properties) is the workspace's; the Java harness
# below reads it through Pctenc.version().
count "versions" "$(python3 scripts/release/versions.py --artifact "jar=$jar" | tail -1)"

# 1. The Java API.
PYTHONPATH=jvm/tests "$py" jvm/tests/values.py >"$tmp/values.hex"
"$py" jvm/tests/conformance.py jvm >"$tmp/cases.tsv"
javac --release 17 -Xlint:all -Werror -cp "$jar" -d "$tmp/classes" jvm/tests/ApiTest.java
set +e
out=$(java -cp "$jar:$tmp/classes" -Dpctenc.expected.version="$version" ApiTest "$jar" "$tmp/values.hex" "$tmp/cases.tsv" 2>&1)
rc=$?
set -e
echo "$out" | tail -30
count "Java API" "$(echo "$out" | tail -1)"
[ $rc -eq 0 ] || failed=$((failed + 1))
lap "Java API harness done"

# The benchmarks (jvm/bench, BENCHMARKS.md) are compiled, not run, so that they keep up with
# the API they time.
spark_jars=$("$py" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')/jars
if javac --release 17 -Xlint:all,-path -Werror -cp "$jar:$spark_jars/*" -d "$tmp/bench" jvm/bench/*.java; then
    count "benchmarks compile" "1 passed, 0 failed"
else
    count "benchmarks compile" "0 passed, 1 failed"
fi

# 2. spark-sql, the CLI pyspark ships.
"$py" - "$tmp/values.hex" >"$tmp/values.json" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    print(json.dumps({"s": bytes.fromhex(line.strip()).decode("utf-8")}))
PY
n=$(wc -l <"$tmp/values.json")
set +e
# From $tmp: spark-sql leaves metastore_db/ and derby.log where it runs.
(cd "$tmp" && PYSPARK_PYTHON="$py" "$venv/bin/spark-sql" --master 'local[2]' --jars "$jar" \
    --conf spark.sql.extensions=org.pctenc.spark.PctencExtensions --conf spark.ui.enabled=false \
    -d values="$tmp/values.json" -f "$root/jvm/tests/cli.sql" >"$tmp/cli.out" 2>"$tmp/cli.err")
rc=$?
set -e
cli_pass=0 cli_fail=0
cli() { if eval "$2"; then cli_pass=$((cli_pass + 1)); else cli_fail=$((cli_fail + 1)); echo "FAIL spark-sql: $1"; fi; }
cli "parity on all $n strings (count, encode, try_decode, decode)" \
    "grep -qxP 'parity\t$n\t$n\t$n\t$n' '$tmp/cli.out'"
cli "known values" "grep -qxP 'known\ta b\+\x{FFFD}\ta%20b%2f\tNULL\ta\+b' '$tmp/cli.out'"
cli "query functions" "grep -qxP 'query\tcafé au lait\t\ttrue\tb=2&a=1&b=3\tq=a%20b' '$tmp/cli.out'"
cli "the last query fails the run" "[ $rc -ne 0 ]"
cli "the error names the function, profile, byte and snippet" \
    "grep -q 'pct_decode: profile java-urlencoder, byte 2: invalid-escape at \"%zz\"' '$tmp/cli.err'"
[ $cli_fail -eq 0 ] || { cat "$tmp/cli.out"; grep -v '^WARN\|^[0-9][0-9]/' "$tmp/cli.err" | tail -20; }
count "spark-sql" "$cli_pass passed, $cli_fail failed"
lap "spark-sql done"

# 3. PySpark: the wheel (packaging only after 45-engines.sh), then pytest.
pctenc_wheel
lap "wheel built and installed"
cd "$tmp"
set +e
PCTENC_JAR="$jar" PYSPARK_PYTHON="$py" "$py" -m pytest -q -p no:cacheprovider --durations=5 \
    "$root/jvm/tests" 2>&1 | grep -v '^WARN\|^[0-9][0-9]/' | tee "$tmp/pytest.out"
set -e
count "PySpark" "$(grep -E '[0-9]+ (passed|failed)' "$tmp/pytest.out" | tail -1)"
grep -qE '[0-9]+ passed' "$tmp/pytest.out" || failed=$((failed + 1))
lap "pytest done"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

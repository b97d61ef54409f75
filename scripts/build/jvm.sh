#!/usr/bin/env bash
# Builds the JVM library: the native library (crates/pctenc-jvm, cargo) and one jar with the
# Java API (org.pctenc), the Spark SQL extension (org.pctenc.spark) and the native library
# inside, compiled with the JDK's javac (--release 17) and the Scala compiler that pyspark
# ships, against the jars pyspark ships (no Maven, no download). Prints the jar's path as its
# last line.
#
# Spark's jars are found in $SPARK_HOME/jars, else in the pyspark package of $PYTHON (default
# python3). PCTENC_JVM_PROFILE picks the cargo profile (default `jvm`, see Cargo.toml);
# PCTENC_JVM_TARGETS adds cross targets (aarch64-unknown-linux-gnu needs Debian's
# gcc-aarch64-linux-gnu as its linker).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
profile=${PCTENC_JVM_PROFILE:-jvm}
out=$root/target/jar
say() { echo "build/jvm: $*" >&2; }

# The version, from the workspace's Cargo.toml: the jar reports what the crates report.
version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version *= *"\([^"]*\)".*/\1/p' Cargo.toml)
[ -n "$version" ] || { say "no [workspace.package] version in Cargo.toml"; exit 1; }

jars=""
if [ -n "${SPARK_HOME:-}" ] && [ -d "$SPARK_HOME/jars" ]; then
    jars=$SPARK_HOME/jars
else
    jars=$("${PYTHON:-python3}" -c 'import os, pyspark; print(os.path.join(os.path.dirname(pyspark.__file__), "jars"))' 2>/dev/null) || jars=""
fi
if [ -z "$jars" ] || ! ls "$jars"/spark-catalyst_*.jar >/dev/null 2>&1; then
    say "Spark's jars not found: set SPARK_HOME, or PYTHON to a python with pyspark installed"
    exit 1
fi
for tool in cargo javac jar java; do
    command -v $tool >/dev/null || { say "$tool not found (the JDK 17: apt-get install openjdk-17-jdk-headless)"; exit 1; }
done

# 1. The native library, per target.
declare -A libs
host=$(rustc -vV | sed -n 's/^host: //p')
for target in "$host" ${PCTENC_JVM_TARGETS:-}; do
    case $target in
        x86_64-unknown-linux-gnu) platform=linux-x86_64 ;;
        aarch64-unknown-linux-gnu) platform=linux-aarch64
            export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=${CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER:-aarch64-linux-gnu-gcc} ;;
        *) say "unsupported target $target"; exit 1 ;;
    esac
    say "cargo build --profile $profile -p pctenc-jvm --target $target"
    cargo build -q --profile "$profile" -p pctenc-jvm --target "$target"
    libs[$platform]=$root/target/$target/$profile/libpctenc_jvm.so
done

# 2. Java, then Scala (the Scala expressions call the Java classes).
rm -rf "$out/classes"
mkdir -p "$out/classes/org/pctenc"
cp="$jars/*"
say "javac --release 17"
javac --release 17 -Xlint:all -Werror -nowarn -encoding UTF-8 -d "$out/classes" -cp "$cp" \
    jvm/java/org/pctenc/*.java jvm/spark/org/pctenc/spark/*.java
scala_cp=$(ls "$jars"/scala-compiler-*.jar "$jars"/scala-library-*.jar "$jars"/scala-reflect-*.jar | tr '\n' ':')
say "scalac (pyspark's scala-compiler)"
java -cp "$scala_cp" scala.tools.nsc.Main -release 17 -deprecation -Werror -nowarn \
    -classpath "$out/classes:$cp" -d "$out/classes" jvm/spark/org/pctenc/spark/*.scala

# 3. Resources: the version, the native libraries, the Spark service entry.
echo "version=$version" >"$out/classes/org/pctenc/pctenc.properties"
for platform in "${!libs[@]}"; do
    mkdir -p "$out/classes/org/pctenc/native/$platform"
    cp "${libs[$platform]}" "$out/classes/org/pctenc/native/$platform/libpctenc_jvm.so"
done
mkdir -p "$out/classes/META-INF/services"
cp jvm/spark/META-INF/services/* "$out/classes/META-INF/services/"

# 4. The jar.
cat >"$out/MANIFEST.MF" <<MF
Implementation-Title: pctenc
Implementation-Version: $version
Automatic-Module-Name: org.pctenc
MF
jarfile=$out/pctenc-$version.jar
rm -f "$jarfile"
jar --create --file "$jarfile" --manifest "$out/MANIFEST.MF" -C "$out/classes" .
say "built $(du -h "$jarfile" | cut -f1) with $(echo "${!libs[@]}")"
echo "$jarfile"

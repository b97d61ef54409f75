#!/usr/bin/env bash
# Every SIMD intrinsic of the kernels is inlined: no function of `pctenc::kernel` calls one
# out of line. An intrinsic is a `#[target_feature]` function, inlined only into code that has
# its features; code that lacks them (a closure: closures do not inherit their function's
# `#[target_feature]`) calls each intrinsic as a function, with every vector through memory.
# Nothing else shows it: the results stay right, valgrind cannot run AVX-512 to count, and
# such a closure once made the AVX-512 clean scan (`Profile::encode`'s first step) run at a
# sixth to a ninth of AVX2's speed (docs/kernels.md, "Inlining"). Read off the disassembly of
# the callgrind probe (release, fat LTO, every kernel of x86_64 built in).
set -uo pipefail
cd "$(dirname "$0")/../.."
[ "$(uname -m)" = x86_64 ] || { echo "skipped: the kernels read here are x86_64's (this is $(uname -m))"; echo "0 passed, 0 failed"; exit 0; }
command -v objdump >/dev/null || { echo "objdump missing (binutils)"; echo "0 passed, 1 failed"; exit 1; }
cargo build --quiet --release --manifest-path scripts/callgrind/probe/Cargo.toml || { echo "0 passed, 1 failed"; exit 1; }
probe=scripts/callgrind/probe/target/release/pctenc-callgrind-probe
# Per function of pctenc::kernel: its name, and whether it calls into core::arch.
report=$(objdump -d --no-show-raw-insn -C "$probe" | awk '
  /^[0-9a-f]+ <.*>:$/ { fn = $0; sub(/^[0-9a-f]+ </, "", fn); sub(/>:$/, "", fn)
                         kernel = (fn ~ /^pctenc::kernel::/); if (kernel) seen[fn] = 1; next }
  kernel && /call/ && /core_arch/ { bad[fn]++ }
  END { for (f in seen) n++; print "functions", n
        for (f in bad) print "out-of-line", bad[f], f }')
functions=$(sed -n 's/^functions //p' <<<"$report")
echo "$functions functions of pctenc::kernel in $probe"
pass=0 fail=0
# The entry points of every x86_64 kernel must be there to be read (a renamed module, or a
# build without them, would make this check pass on nothing).
symbols=$(objdump -t -C "$probe")
for k in ssse3 avx2 avx512; do
  if grep -q "pctenc::kernel::x86_64::$k::clean_prefix" <<<"$symbols"; then
    pass=$((pass + 1))
  else
    echo "FAIL the $k kernel's entry points are not in $probe"; fail=$((fail + 1))
  fi
done
if grep -q '^out-of-line' <<<"$report"; then
  echo "FAIL functions of pctenc::kernel that call intrinsics out of line (calls, function):"
  sed -n 's/^out-of-line /  /p' <<<"$report"
  fail=$((fail + 1))
else
  echo "ok: no function of pctenc::kernel calls an intrinsic out of line"
  pass=$((pass + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

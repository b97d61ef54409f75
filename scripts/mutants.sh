#!/usr/bin/env bash
# Mutation testing of the library (crates/pctenc/src) outside kernel/: cargo-mutants changes
# one function or operator at a time and runs the tests that cover that module; a mutant the
# tests do not catch is a survivor. The kernels are left out: every kernel is checked against
# the scalar kernel on every input by the kernel suites, and the scalar kernel is mutated
# through the modules that call it.
#
#   bash scripts/mutants.sh [OUT] [MODULE...]     # OUT defaults to mutants.out
#
# MODULE is a group name below (all groups by default). Each group is one cargo-mutants run
# over its files, with only its tests (`cargo test` target selection: the unit tests and the
# integration suites of that module; doctests are not run), built with the light `mutants`
# profile of Cargo.toml. Results: OUT/GROUP/mutants.out/{caught,missed,timeout,unviable}.txt,
# and OUT/summary.tsv (group, mutants, caught, missed, timeout, unviable, CPU seconds). A
# missed mutant must be killed by a test or listed, with the reason it is equivalent, in
# docs/mutants.md.
#
# cargo-mutants runs --in-place: the tests read ../shared/testdata beside the checkout, which
# a copy in a temporary directory would not have. So run it in a checkout of its own (a git
# worktree beside shared/), nothing else building there; every mutation is undone as it goes.
# Runs at `nice -n 19`. Needs cargo-mutants (cargo install cargo-mutants --locked).
#
# SHARD=K/N runs the K-th of N slices of each group's mutants (K from 0), into OUT/GROUP.K-of-N:
# on a machine with cores to spare, run each slice in a worktree of its own at the same time.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-mutants.out}")
shift || true

# group: files (globs relative to crates/pctenc) | cargo test target selection
groups=(
  "set|crates/pctenc/src/set.rs|--lib --test properties --test roundtrip --test invariants_props"
  "profile|crates/pctenc/src/profile/*.rs crates/pctenc/src/profile/**/*.rs|--lib --test conformance --test runtimes --test recorded --test protocols --test engines --test clickhouse --test roundtrip"
  "encode|crates/pctenc/src/encode.rs crates/pctenc/src/error.rs|--lib --test properties --test roundtrip --test regressions --test conformance --test encoder_paths"
  "decode|crates/pctenc/src/decode/**/*.rs|--lib --test properties --test roundtrip --test regressions --test conformance --test stream_splits --test normalize"
  "stream|crates/pctenc/src/stream/**/*.rs|--lib --test stream_splits --test invariants_props --test properties"
  "batch|crates/pctenc/src/batch.rs|--lib --test batch --test invariants_props"
  "charset|crates/pctenc/src/charset/**/*.rs|--lib --test charsets --test form_charset_props --test invariants_props"
  "form|crates/pctenc/src/form.rs|--lib --test forms --test forms_cpython --test form_charset_props --test invariants_props"
  "template|crates/pctenc/src/template.rs|--lib --test template"
  "lint|crates/pctenc/src/lint/**/*.rs|--lib --test lint --test hostile --test invariants_props"
  "segment|crates/pctenc/src/segment.rs|--lib --test segment --test hostile --test invariants_props"
  "normalize|crates/pctenc/src/normalize.rs|--lib --test normalize --test hostile"
  "options|crates/pctenc/src/options/*.rs|--lib --test contract --test one_copy"
  "query|crates/pctenc/src/query/*.rs|--lib --test query --test contract"
  "show|crates/pctenc/src/show.rs|--lib --test contract --test hostile --test lint"
)
want=("$@")
mkdir -p "$out"
[ -f "$out/summary.tsv" ] || printf 'group\tmutants\tcaught\tmissed\ttimeout\tunviable\tcpu_s\n' >"$out/summary.tsv"
for g in "${groups[@]}"; do
  IFS='|' read -r name files tests <<<"$g"
  if [ ${#want[@]} -gt 0 ] && [[ ! " ${want[*]} " =~ " $name " ]]; then continue; fi
  file_args=()
  read -r -a globs <<<"$files" # cargo-mutants expands the globs, not the shell
  for f in "${globs[@]}"; do file_args+=(--file "$f"); done
  shard_args=() run=$name
  if [ -n "${SHARD:-}" ]; then shard_args=(--shard "$SHARD") run=$name.${SHARD%/*}-of-${SHARD#*/}; fi
  echo "== $run: ${files} -- $tests"
  start_cpu=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
  # shellcheck disable=SC2086
  nice -n 19 cargo mutants -p pctenc --in-place --profile mutants --no-shuffle \
    --exclude "crates/pctenc/src/kernel/**" "${file_args[@]}" "${shard_args[@]}" --output "$out/$run" \
    -- $tests >"$out/$run.log" 2>&1
  cpu=$(( ( $(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat) - start_cpu ) / $(getconf CLK_TCK) ))
  dir=$out/$run/mutants.out
  count() { [ -f "$dir/$1.txt" ] && wc -l <"$dir/$1.txt" || echo 0; }
  c=$(count caught) m=$(count missed) t=$(count timeout) u=$(count unviable)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$run" $((c + m + t + u)) "$c" "$m" "$t" "$u" "$cpu" >>"$out/summary.tsv"
  tail -n 3 "$out/$run.log"
done
column -t "$out/summary.tsv"
awk -F'\t' 'NR > 1 { c += $3; m += $4; t += $5 } END {
  v = c + m + t; if (v) printf "viable %d: caught %d, timeout %d, missed %d: %.1f%% caught\n", v, c, t, m, 100 * (c + t) / v }' "$out/summary.tsv"

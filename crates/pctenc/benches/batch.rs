//! The batch API (`pctenc::batch`) on columns of ~60-byte URL rows, beside three peers run
//! on the same rows in the same run: the per-row loop over `decode_append` / `encode_append`
//! into one output buffer (what one call per batch must beat), the values buffer done in one
//! call (the same bytes out, as the rows never end inside an escape: what the kernel does
//! without per-row calls), and a memcpy of the values buffer (a fresh `to_vec`, as the batch
//! allocates its output). Throughput is MB/s of input values.
//!
//! The rows (`url_rows`, deterministic, no Python needed): `https://HOST/SEG/SEG[/SEG..][?K=V..]`
//! from small pools in the manner of `scripts/bench/gen_urls.py`, but shorter: 62.8 bytes on
//! average with their escapes written (`a%20b`, `caf%C3%A9`, `%2F`, `+` in queries; 88% of
//! rows hold a `%`), the column the decode groups read, and 54.5 bytes decoded, the column the
//! encode groups read (the text an engine would `url_encode`). Two sizes: 10 000 rows
//! (Spark's Arrow batch, ~600 KiB: caches hold it) and 200 000 rows (~12 MiB: memory).
//! Decoding is to text (`Decode::text`, as `pctenc.arrow` asks) with `rfc3986`, `py-quote`,
//! `duckdb` and `spark`; encoding with `rfc3986` and `spark`.
//!
//! Before measuring, each group checks that its rows write the same bytes.
//!
//! ```text
//! cargo bench -p pctenc --bench batch                             # criterion
//! cargo bench -p pctenc --bench batch -- 'batch-decode-10k/spark'  # criterion, one group
//! PCTENC_BENCH_INTERLEAVED=11 cargo bench -p pctenc --bench batch  # on a shared machine
//! ```
//!
//! `PCTENC_BENCH_INTERLEAVED=N` measures N rounds of one >= 20 ms sample per row instead, in
//! rotated order, and prints per group each row's median MB/s and the median of its per-round
//! ratios to the batch row (for the batch row, of its ratio to memcpy): the mode to use on a
//! machine others share. `PCTENC_BENCH_FILTER=TEXT` keeps the groups whose name contains TEXT
//! (both modes); `PCTENC_BENCH_QUICK=1` makes a smoke run. Instructions per row, which do not
//! depend on the machine's load: `scripts/bench/batch-instr.sh` (callgrind, AVX2 kernel).

#[path = "url_rows/mod.rs"]
mod url_rows;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use pctenc::batch::{self, Decode, OnError};
use pctenc::Profile;
use url_rows::{columns, Column};

/// One row of a group: a name and a closure that does the whole column once.
type Row<'a> = (&'static str, Box<dyn FnMut() + 'a>);

/// The decode group of `profile` over `col`: the batch run (text out, as `pctenc.arrow`
/// asks), the per-row loop under the same policy, the values buffer decoded in one call,
/// memcpy.
fn decode_rows<'a>(p: &'a Profile, col: &'a Column) -> Vec<Row<'a>> {
    let run = Decode::new(p).text();
    let one = p.with_decoding(run.decoding());
    let per_row = move || {
        let mut values = Vec::with_capacity(col.values.len());
        let mut offsets = Vec::with_capacity(col.offsets.len());
        offsets.push(0i32);
        for w in col.offsets.windows(2) {
            let row = &col.values[w[0] as usize..w[1] as usize];
            one.decode_append(row, &mut values).expect("the bench rows decode");
            offsets.push(values.len() as i32);
        }
        (offsets, values)
    };
    let out = run.run::<i32, i32>(&col.rows(), OnError::Raise).expect("the bench rows decode");
    assert!(out.validity.is_none());
    // No row ends inside an escape, so the values buffer decoded as one string is the rows'
    // outputs one after the other: the bound of what a batch can do per byte.
    let whole = move || {
        let mut values = Vec::with_capacity(col.values.len());
        one.decode_append(&col.values, &mut values).expect("the bench rows decode");
        values
    };
    assert!(out.values == whole(), "{}: batch and one call differ", p.name());
    assert!((out.offsets, out.values) == per_row(), "{}: batch and per-row differ", p.name());
    vec![
        (
            "batch",
            Box::new(move || {
                black_box(run.run::<i32, i32>(black_box(&col.rows()), OnError::Raise).unwrap());
            }),
        ),
        (
            "per-row decode_append",
            Box::new(move || {
                black_box(per_row());
            }),
        ),
        (
            "one call, values buffer",
            Box::new(move || {
                black_box(whole());
            }),
        ),
        ("memcpy", Box::new(|| drop(black_box(black_box(&col.values).to_vec())))),
    ]
}

/// The encode group of `p` over `col`: the batch, the per-row loop over `encode_append`, the
/// values buffer encoded in one call (the rows' outputs one after the other), memcpy.
fn encode_rows<'a>(p: &'a Profile, col: &'a Column) -> Vec<Row<'a>> {
    let per_row = move || {
        let mut values = String::with_capacity(col.values.len() * 2);
        let mut offsets = Vec::with_capacity(col.offsets.len());
        offsets.push(0i32);
        for w in col.offsets.windows(2) {
            p.encode_append(&col.values[w[0] as usize..w[1] as usize], &mut values);
            offsets.push(values.len() as i32);
        }
        (offsets, values)
    };
    let out = batch::encode::<i32, i32>(p, &col.rows(), OnError::Raise).expect("encodes");
    let (offsets, values) = per_row();
    assert!(out.offsets == offsets && out.values == values.as_bytes(), "{}: differ", p.name());
    vec![
        (
            "batch",
            Box::new(move || {
                black_box(batch::encode::<i32, i32>(p, black_box(&col.rows()), OnError::Raise))
                    .unwrap();
            }),
        ),
        (
            "per-row encode_append",
            Box::new(move || {
                black_box(per_row());
            }),
        ),
        (
            "one call, values buffer",
            Box::new(move || {
                let mut s = String::with_capacity(col.values.len() * 2);
                p.encode_append(&col.values, &mut s);
                black_box(s);
            }),
        ),
        ("memcpy", Box::new(|| drop(black_box(black_box(&col.values).to_vec())))),
    ]
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Interleaved rounds: per round, one sample of every row in rotated order; prints each row's
/// median MB/s and median per-round ratio to the batch row.
fn interleaved(name: &str, bytes: usize, rounds: usize, mut rows: Vec<Row<'_>>) {
    let sample = Duration::from_millis(20);
    for (_, f) in &mut rows {
        f();
    }
    let n = rows.len();
    let mut mbps = vec![Vec::new(); n];
    for round in 0..rounds {
        for k in 0..n {
            let i = (k + round) % n;
            let f = &mut rows[i].1;
            let start = Instant::now();
            let mut calls = 0u64;
            while calls == 0 || start.elapsed() < sample {
                f();
                calls += 1;
            }
            mbps[i].push((bytes as u64 * calls) as f64 / start.elapsed().as_secs_f64() / 1e6);
        }
    }
    println!("{name} ({rounds} rounds)");
    for i in 0..n {
        let mut ratio: Vec<f64> = (0..rounds).map(|r| mbps[i][r] / mbps[0][r]).collect();
        let mut vs_memcpy: Vec<f64> = (0..rounds).map(|r| mbps[0][r] / mbps[n - 1][r]).collect();
        let extra = if i == 0 {
            format!("  batch/memcpy {:.2}", median(&mut vs_memcpy))
        } else {
            format!("  {:.2}x batch", median(&mut ratio))
        };
        println!("  {:<24} {:>8.0} MB/s{extra}", rows[i].0, median(&mut mbps[i].clone()));
    }
}

fn main() {
    let quick = std::env::var_os("PCTENC_BENCH_QUICK").is_some();
    let filter = std::env::var("PCTENC_BENCH_FILTER").unwrap_or_default();
    let rounds: Option<usize> =
        std::env::var("PCTENC_BENCH_INTERLEAVED").ok().map(|r| r.parse().expect("a round count"));
    let mut c = Criterion::default()
        .measurement_time(Duration::from_secs(if quick { 1 } else { 4 }))
        .warm_up_time(Duration::from_millis(if quick { 200 } else { 1000 }))
        .configure_from_args();
    println!("CPU kernel: {}", pctenc::Kernel::current().name());
    let by_name = |n| (n, pctenc::by_name(n).expect("a profile"));
    let decode_profiles = ["rfc3986", "py-quote", "duckdb", "spark"].map(by_name);
    let encode_profiles = ["rfc3986", "spark"].map(by_name);
    let sizes: &[(&str, usize)] =
        if quick { &[("10k", 10_000)] } else { &[("10k", 10_000), ("200k", 200_000)] };
    for &(label, n) in sizes {
        let (escaped, decoded) = columns(n);
        println!(
            "{label}: {n} rows, escaped mean {:.1} B ({:.0}% of rows with a `%`), decoded mean {:.1} B",
            escaped.mean(),
            100.0 * escaped.share_with(b'%'),
            decoded.mean()
        );
        let mut groups: Vec<(String, usize, Vec<Row<'_>>)> = Vec::new();
        for (pname, p) in decode_profiles {
            let name = format!("batch-decode-{label}/{pname}");
            if name.contains(filter.as_str()) {
                groups.push((name, escaped.values.len(), decode_rows(p, &escaped)));
            }
        }
        for (pname, p) in encode_profiles {
            let name = format!("batch-encode-{label}/{pname}");
            if name.contains(filter.as_str()) {
                groups.push((name, decoded.values.len(), encode_rows(p, &decoded)));
            }
        }
        for (name, bytes, mut rows) in groups {
            match rounds {
                Some(r) => interleaved(&name, bytes, r, rows),
                None => {
                    let mut g = c.benchmark_group(name);
                    g.throughput(Throughput::Bytes(bytes as u64));
                    for (row, f) in &mut rows {
                        g.bench_function(*row, |b| b.iter(&mut *f));
                    }
                    g.finish();
                }
            }
        }
    }
    c.final_summary();
}

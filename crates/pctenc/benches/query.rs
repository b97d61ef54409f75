//! The query column verbs (`pctenc::query::column`) on the batch benchmarks' URL rows
//! (`url_rows`: ~60-byte URLs, zero to two parameters, `q` in about one row in six), beside
//! the batch decode of the same rows (`batch::Decode`, `spark` profile: every byte of every
//! row decoded, what `url_decode(u)` costs) and a memcpy of the values, in the same rounds.
//! Throughput is MB/s of input (the whole URLs); each group checks its results first.
//!
//! ```text
//! cargo bench -p pctenc --bench query                  # 10k and 200k rows, 11 rounds
//! PCTENC_BENCH_ROUNDS=31 cargo bench -p pctenc --bench query
//! ```
//!
//! Each round takes one >= 20 ms sample of every row in rotated order; a row's figure is its
//! median MB/s and the median of its per-round ratio to the batch decode (the mode to use on
//! a shared machine, as `benches/batch.rs`'s interleaved mode).

#[path = "url_rows/mod.rs"]
mod url_rows;

use std::hint::black_box;
use std::time::{Duration, Instant};

use pctenc::batch::{Decode, OnError};
use pctenc::profile::runtimes::JAVA_URLENCODER as SPARK;
use pctenc::query::{column, Input, Parser};
use url_rows::{columns, Column};

type Row<'a> = (&'static str, Box<dyn FnMut() + 'a>);

fn rows(col: &Column) -> Vec<Row<'_>> {
    let p = Parser::new(SPARK).input(Input::Url);
    let decode = Decode::new(SPARK).text();
    // The scalar way a library user writes: each row's pairs, stop at the first `q`.
    let scalar = move || {
        let mut out = Vec::with_capacity(col.offsets.len());
        for w in col.offsets.windows(2) {
            let row = &col.values[w[0] as usize..w[1] as usize];
            out.push(p.first(row, "q").expect("the bench rows decode").map(|v| v.len()));
        }
        out
    };
    let first = column::first::<i32, i32>(&p, &col.rows(), "q", OnError::Raise).expect("picks");
    let want = scalar();
    assert_eq!(first.len(), want.len());
    for (i, w) in want.iter().enumerate() {
        assert_eq!(first.is_valid(i).then(|| first.row(i).len()), *w, "row {i}");
    }
    vec![
        (
            "batch decode (spark)",
            Box::new(move || {
                black_box(decode.run::<i32, i32>(black_box(&col.rows()), OnError::Raise)).unwrap();
            }),
        ),
        (
            "query first (q)",
            Box::new(move || {
                black_box(column::first::<i32, i32>(&p, &col.rows(), "q", OnError::Raise)).unwrap();
            }),
        ),
        (
            "query all (q)",
            Box::new(move || {
                black_box(column::all::<i32, i32>(&p, &col.rows(), "q", OnError::Raise)).unwrap();
            }),
        ),
        (
            "query parse",
            Box::new(move || {
                black_box(column::parse::<i32, i32>(&p, &col.rows(), OnError::Raise)).unwrap();
            }),
        ),
        ("per-row Parser::first", Box::new(move || drop(black_box(scalar())))),
        ("memcpy", Box::new(|| drop(black_box(black_box(&col.values).to_vec())))),
    ]
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let rounds: usize =
        std::env::var("PCTENC_BENCH_ROUNDS").map_or(11, |r| r.parse().expect("a count"));
    println!("CPU kernel: {}", pctenc::Kernel::current().name());
    for (label, n) in [("10k", 10_000), ("200k", 200_000)] {
        let (escaped, _) = columns(n);
        let share = escaped.share_with(b'?');
        let mut group = rows(&escaped);
        let bytes = escaped.values.len();
        let mut mbps = vec![Vec::new(); group.len()];
        for (_, f) in &mut group {
            f();
        }
        for round in 0..rounds {
            for k in 0..group.len() {
                let i = (k + round) % group.len();
                let (start, mut calls) = (Instant::now(), 0u64);
                while calls == 0 || start.elapsed() < Duration::from_millis(20) {
                    (group[i].1)();
                    calls += 1;
                }
                mbps[i].push((bytes as u64 * calls) as f64 / start.elapsed().as_secs_f64() / 1e6);
            }
        }
        println!(
            "query-{label}: {n} rows, {:.1} bytes/row, {:.0}% with a query ({rounds} rounds)",
            escaped.mean(),
            share * 100.0
        );
        for i in 0..group.len() {
            let mut ratio: Vec<f64> = (0..rounds).map(|r| mbps[i][r] / mbps[0][r]).collect();
            let ns_row = bytes as f64 / median(&mut mbps[i].clone()) * 1e3 / n as f64;
            println!(
                "  {:<24} {:>7.0} MB/s {:>6.1} ns/row  {:.2}x batch decode",
                group[i].0,
                median(&mut mbps[i].clone()),
                ns_row,
                median(&mut ratio)
            );
        }
    }
}

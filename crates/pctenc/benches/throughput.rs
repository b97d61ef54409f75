//! Throughput of pctenc beside its anchors, per corpus, in MB/s of input.
//!
//! One criterion group per (direction, input size, corpus) holds every row of one table in
//! BENCHMARKS.md: `memcpy` of the same bytes (the physical limit), the `percent-encoding`
//! crate (the anchor the goals are stated against), `urlencoding`, `form_urlencoded`, and one
//! pctenc row per output shape and per kernel of [`Kernel::available`] (forced in turn), so
//! SIMD kernels appear here as soon as they exist. The rows of a group run back to back, so
//! their ratios come from one stretch of machine time; `scripts/bench/run.sh` repeats the
//! whole run and `scripts/bench/table.py` reports the median of the per-run ratios.
//!
//! Sizes: `16MiB` is one call on a 16 MiB corpus (its encoding, for the `enc-*` decode
//! corpora); `64B` is one call per 64-byte piece of the corpus's first MiB.
//!
//! Environment: `PCTENC_BENCH_QUICK=1` for a smoke run (1 MiB corpora, short measurements);
//! `PCTENC_BENCH_INTERLEAVED=FILE` measures in interleaved rounds instead of with criterion
//! (see `scripts/bench/run.sh`), `PCTENC_BENCH_FILTER=TEXT` then keeps the groups whose name
//! contains TEXT.
//! Criterion's own filter works as usual: `cargo bench -p pctenc -- 'encode-16MiB/urls'`.
//!
//! Before measuring, every row's output is checked against the others on the whole corpus:
//! the rows must do the same work for their ratios to mean anything.

mod corpus;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, Throughput};
use pctenc::profile::rfc3986::RFC3986;
use pctenc::{Kernel, Malformed, Profile};
use percent_encoding::{percent_decode, percent_encode, NON_ALPHANUMERIC};

/// The lenient byte decoder: RFC 3986 escapes, malformed ones kept (the WHATWG percent-decode,
/// which is what the anchors implement).
const LENIENT: &Profile = &RFC3986.with_malformed(Malformed::PassThrough);

/// The percent-encoding crate's equivalent of RFC 3986's unreserved set.
const PE_UNRESERVED: &percent_encoding::AsciiSet =
    &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// Run settings: sizes and measurement times.
struct Settings {
    big: usize,
    big_label: &'static str,
    small: usize,
    small_span: usize,
    big_time: (Duration, Duration),
    small_time: (Duration, Duration),
}

impl Settings {
    fn from_env() -> Settings {
        let quick = std::env::var_os("PCTENC_BENCH_QUICK").is_some_and(|v| v != "0");
        let ms = Duration::from_millis;
        if quick {
            Settings {
                big: 1 << 20,
                big_label: "1MiB",
                small: 64,
                small_span: 64 << 10,
                big_time: (ms(50), ms(200)),
                small_time: (ms(50), ms(200)),
            }
        } else {
            Settings {
                big: 16 << 20,
                big_label: "16MiB",
                small: 64,
                small_span: 1 << 20,
                big_time: (ms(500), ms(2000)),
                small_time: (ms(300), ms(1000)),
            }
        }
    }
}

/// One row of a table: a name and one measured call over all of a group's inputs.
type Row<'a> = (String, Box<dyn FnMut() + 'a>);

/// `pctenc-<kernel>-<shape>` rows, one per available kernel; each call forces its kernel.
/// Then `pctenc-auto-<shape>`: no kernel forced, what a user gets (the dispatcher's choice,
/// which may differ per direction and input size).
fn per_kernel<'a>(shape: &str, rows: &mut Vec<Row<'a>>, make: impl Fn() -> Box<dyn FnMut() + 'a>) {
    for &k in Kernel::available() {
        let mut f = make();
        rows.push((
            format!("pctenc-{}-{shape}", k.name()),
            Box::new(move || {
                Kernel::force(Some(k));
                f();
            }),
        ));
    }
    let mut f = make();
    rows.push((
        format!("pctenc-auto-{shape}"),
        Box::new(move || {
            Kernel::force(None);
            f();
        }),
    ));
}

fn memcpy_row<'a>(inputs: &'a [&'a [u8]]) -> Row<'a> {
    let mut v: Vec<u8> = Vec::with_capacity(max_len(inputs));
    let f = move || {
        for x in inputs {
            v.clear();
            v.extend_from_slice(x);
            black_box(&v);
        }
    };
    ("memcpy".into(), Box::new(f))
}

fn max_len(inputs: &[&[u8]]) -> usize {
    inputs.iter().map(|x| x.len()).max().unwrap_or(0)
}

/// A `String` with room for any encoding of the inputs, so no row pays for growth.
fn out_string(inputs: &[&[u8]]) -> String {
    String::with_capacity(3 * max_len(inputs))
}

fn encode_rows<'a>(inputs: &'a [&'a [u8]]) -> Vec<Row<'a>> {
    let mut rows = vec![memcpy_row(inputs)];
    let mut s = out_string(inputs);
    rows.push((
        "percent-encoding".into(),
        Box::new(move || {
            for x in inputs {
                s.clear();
                s.extend(percent_encode(x, PE_UNRESERVED));
                black_box(&s);
            }
        }),
    ));
    per_kernel("append", &mut rows, || {
        let mut s = out_string(inputs);
        Box::new(move || {
            for x in inputs {
                s.clear();
                RFC3986.encode_append(black_box(*x), &mut s);
                black_box(&s);
            }
        })
    });
    per_kernel("cow", &mut rows, || {
        Box::new(move || {
            for x in inputs {
                black_box(RFC3986.encode(black_box(*x)));
            }
        })
    });
    let mut s = out_string(inputs);
    rows.push((
        "urlencoding-append".into(),
        Box::new(move || {
            for x in inputs {
                s.clear();
                urlencoding::Encoded(*x).append_to(&mut s);
                black_box(&s);
            }
        }),
    ));
    let mut s = out_string(inputs);
    rows.push((
        "form_urlencoded".into(),
        Box::new(move || {
            for x in inputs {
                s.clear();
                s.extend(form_urlencoded::byte_serialize(x));
                black_box(&s);
            }
        }),
    ));
    rows
}

fn decode_rows<'a>(inputs: &'a [&'a [u8]], strict: bool) -> Vec<Row<'a>> {
    let mut rows = vec![memcpy_row(inputs)];
    let mut v: Vec<u8> = Vec::with_capacity(max_len(inputs));
    rows.push((
        "percent-encoding".into(),
        Box::new(move || {
            for x in inputs {
                v.clear();
                v.extend(percent_decode(x));
                black_box(&v);
            }
        }),
    ));
    let profiles: &[(&str, &Profile)] =
        if strict { &[("lenient", LENIENT), ("strict", RFC3986)] } else { &[("lenient", LENIENT)] };
    for &(shape, profile) in profiles {
        per_kernel(shape, &mut rows, || {
            let mut v: Vec<u8> = Vec::with_capacity(max_len(inputs));
            Box::new(move || {
                for x in inputs {
                    v.clear();
                    black_box(profile.decode_append(black_box(*x), &mut v)).ok();
                    black_box(&v);
                }
            })
        });
    }
    rows.push((
        "urlencoding".into(),
        Box::new(move || {
            for x in inputs {
                black_box(urlencoding::decode_binary(x));
            }
        }),
    ));
    rows.push((
        "form_urlencoded".into(),
        Box::new(move || {
            for x in inputs {
                let mut n = 0usize;
                for (k, val) in form_urlencoded::parse(x) {
                    n += k.len() + val.len();
                }
                black_box(n);
            }
        }),
    ));
    rows
}

fn check_encode(name: &str, data: &[u8]) {
    let expect: String = percent_encode(data, PE_UNRESERVED).collect();
    for &k in Kernel::available() {
        Kernel::force(Some(k));
        let mut s = String::new();
        RFC3986.encode_append(data, &mut s);
        assert!(s == expect, "{k:?} encode differs from percent-encoding on {name}");
        assert!(RFC3986.encode(data) == expect, "{k:?} Cow encode differs on {name}");
    }
    Kernel::force(None);
}

/// Checks the decoders; returns whether strict decoding accepts the corpus.
fn check_decode(name: &str, data: &[u8]) -> bool {
    let expect: Vec<u8> = percent_decode(data).collect();
    assert!(urlencoding::decode_binary(data) == expect, "urlencoding differs on {name}");
    let mut strict_ok = true;
    for &k in Kernel::available() {
        Kernel::force(Some(k));
        let mut v = Vec::new();
        LENIENT.decode_append(data, &mut v).expect("lenient byte decoding never fails");
        assert!(v == expect, "{k:?} lenient decode differs from percent-encoding on {name}");
        v.clear();
        strict_ok = RFC3986.decode_append(data, &mut v).is_ok();
        assert!(!strict_ok || v == expect, "{k:?} strict decode differs on {name}");
    }
    Kernel::force(None);
    strict_ok
}

/// Where the rows of a group are measured.
enum Runner {
    /// criterion: each row for its measurement time, one after the other.
    Criterion(Box<Criterion>),
    /// Rounds of one sample per row, in rotated order, appended as JSON lines to a file.
    Interleaved { out: std::fs::File, rounds: usize, sample: Duration },
}

impl Runner {
    fn run(&mut self, set: &Settings, name: String, inputs: &[&[u8]], mut rows: Vec<Row<'_>>) {
        let bytes: u64 = inputs.iter().map(|x| x.len() as u64).sum();
        match self {
            Runner::Criterion(c) => {
                let (warm, measure) = if inputs.len() == 1 { set.big_time } else { set.small_time };
                let mut g = c.benchmark_group(name);
                g.throughput(Throughput::Bytes(bytes));
                g.sampling_mode(SamplingMode::Flat);
                g.sample_size(10);
                g.warm_up_time(warm);
                g.measurement_time(measure);
                for (row, f) in &mut rows {
                    g.bench_function(row.as_str(), |b| b.iter(&mut *f));
                }
                g.finish();
            }
            Runner::Interleaved { out, rounds, sample } => {
                use std::io::Write;
                if std::env::var("PCTENC_BENCH_FILTER").is_ok_and(|f| !name.contains(f.as_str())) {
                    return;
                }
                for (_, f) in &mut rows {
                    f(); // warm up: page in the output buffers
                }
                let n = rows.len();
                for round in 0..*rounds {
                    for k in 0..n {
                        let (row, f) = &mut rows[(k + round) % n];
                        let start = Instant::now();
                        let mut calls = 0u64;
                        while calls == 0 || start.elapsed() < *sample {
                            f();
                            calls += 1;
                        }
                        let mbps = (bytes * calls) as f64 / start.elapsed().as_secs_f64() / 1e6;
                        writeln!(
                            out,
                            r#"{{"group":"{name}","row":"{row}","round":{round},"mbps":{mbps:.3}}}"#
                        )
                        .expect("write the results file");
                    }
                }
                eprintln!("{name}: {rounds} rounds of {} rows", rows.len());
            }
        }
    }

    fn finish(self) {
        if let Runner::Criterion(c) = self {
            c.final_summary();
        }
    }
}

fn main() {
    let set = Settings::from_env();
    let mut runner = match std::env::var_os("PCTENC_BENCH_INTERLEAVED") {
        Some(path) => Runner::Interleaved {
            out: std::fs::File::create(path).expect("create the results file"),
            rounds: if set.big_label == "16MiB" { 11 } else { 3 }, // 3 in quick mode
            sample: Duration::from_millis(15),
        },
        None => Runner::Criterion(Box::new(Criterion::default().configure_from_args())),
    };
    let small = set.small;
    for corpus in corpus::encode_corpora(set.big) {
        let data = corpus.data.as_slice();
        check_encode(corpus.name, data);
        let big = [data];
        let name = format!("encode-{}/{}", set.big_label, corpus.name);
        runner.run(&set, name, &big, encode_rows(&big));
        let pieces = corpus::pieces(data, small, set.small_span, false);
        let name = format!("encode-{small}B/{}", corpus.name);
        runner.run(&set, name, &pieces, encode_rows(&pieces));
    }
    for corpus in corpus::decode_corpora(set.big) {
        let data = corpus.data.as_slice();
        let strict = check_decode(corpus.name, data);
        let big = [data];
        let name = format!("decode-{}/{}", set.big_label, corpus.name);
        runner.run(&set, name, &big, decode_rows(&big, strict));
        let pieces = corpus::pieces(data, small, set.small_span, true);
        let strict = strict && pieces.iter().all(|x| RFC3986.decode(x).is_ok());
        let name = format!("decode-{small}B/{}", corpus.name);
        runner.run(&set, name, &pieces, decode_rows(&pieces, strict));
    }
    Kernel::force(None);
    runner.finish();
}

//! One benchmark operation, repeated: the program `scripts/bench/instr.sh` runs under
//! `valgrind --tool=callgrind` to count instructions per input byte.
//!
//! Instruction counts do not depend on what else the machine runs, so they are the
//! repeatable companion of the wall-clock tables on a shared machine. The script runs each
//! operation with 1 and with 2 calls and divides the difference by the input size: corpus
//! generation and process start cancel out.
//!
//! ```text
//! cargo run --release -p pctenc --example bench_instr -- OP CORPUS CALLS [KERNEL]
//!   OP      encode | decode | decode-strict | decode-spark | pe-encode | pe-decode | memcpy
//!           | noop (the loop alone; also named loop)
//!   CORPUS  a corpus name of benches/corpus (enc-* and sparse/malformed for decode)
//!   CALLS   how many calls on the first MiB of the corpus
//!   KERNEL  a pctenc kernel name (default: the detected one)
//! ```
//!
//! With `PIECE=N` in the environment, each call is one call per N-byte piece of the first
//! MiB (as the benchmark's `64B` groups), so the count includes the fixed cost of every call:
//! instructions per byte times N is the cost of one N-byte call.
//!
//! The program prints the input bytes and the number of calls per repetition. Two operations
//! isolate what a call costs beyond its work: `loop` runs the harness alone (the loop over
//! the pieces, `clear`, `black_box`), and `memcpy` copies each piece into the vector as the
//! benchmark's memcpy row does; `decode` minus `loop` is what one pctenc call costs, and on
//! 1-byte pieces of a corpus without `%` (`PIECE=1`, `slug`) that is the fixed cost of a
//! call. `decode-spark` decodes as the `spark` profile (java-urlencoder: `+` is a space,
//! Java's signed hex, Java's lossy UTF-8).

#[path = "../benches/corpus/mod.rs"]
mod corpus;

use std::hint::black_box;
use std::process::ExitCode;

use pctenc::profile::rfc3986::RFC3986;
use pctenc::profile::runtimes::JAVA_URLENCODER;
use pctenc::{Kernel, Malformed, Profile};

const LENIENT: &Profile = &RFC3986.with_malformed(Malformed::PassThrough);
const PE_UNRESERVED: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');
const SPAN: usize = 1 << 20;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [op, name, calls, rest @ ..] = args.as_slice() else {
        eprintln!("usage: bench_instr OP CORPUS CALLS [KERNEL]");
        return ExitCode::from(2);
    };
    let Ok(calls) = calls.parse::<usize>() else {
        eprintln!("CALLS must be a number");
        return ExitCode::from(2);
    };
    if let Some(k) = rest.first() {
        let Some(kernel) = Kernel::by_name(k) else {
            eprintln!("no kernel {k} on this CPU");
            return ExitCode::from(2);
        };
        Kernel::force(Some(kernel));
    }
    let Some(data) = corpus::generate(name, SPAN) else {
        eprintln!("no corpus {name}");
        return ExitCode::from(2);
    };
    let input = &data[..data.len().min(SPAN)];
    let piece: usize = std::env::var("PIECE").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    let pieces = if piece > 0 {
        corpus::pieces(input, piece, SPAN, !op.contains("encode"))
    } else {
        vec![input]
    };
    let mut s = String::with_capacity(3 * input.len());
    let mut v = Vec::with_capacity(input.len());
    // One loop per operation (the operation chosen once, outside it), so that a call costs
    // what the operation costs plus a few instructions of loop; `noop` is that loop alone.
    match op.as_str() {
        "encode" => each(calls, &pieces, &mut s, |x, s| RFC3986.encode_append(x, s)),
        "decode" => each(calls, &pieces, &mut v, |x, v| {
            let _ = black_box(LENIENT.decode_append(x, v));
        }),
        "decode-strict" => each(calls, &pieces, &mut v, |x, v| {
            let _ = black_box(RFC3986.decode_append(x, v));
        }),
        "pe-encode" => each(calls, &pieces, &mut s, |x, s| {
            s.extend(percent_encoding::percent_encode(x, PE_UNRESERVED))
        }),
        "pe-decode" => {
            each(calls, &pieces, &mut v, |x, v| v.extend(percent_encoding::percent_decode(x)))
        }
        "decode-spark" => each(calls, &pieces, &mut v, |x, v| {
            let _ = black_box(JAVA_URLENCODER.decode_append(x, v));
        }),
        "memcpy" => each(calls, &pieces, &mut v, |x, v| v.extend_from_slice(x)),
        "noop" | "loop" => each(calls, &pieces, &mut v, |x, _| {
            black_box(x);
        }),
        _ => {
            eprintln!("unknown OP {op}");
            return ExitCode::from(2);
        }
    }
    let input: usize = pieces.iter().map(|p| p.len()).sum();
    println!("{input} {}", pieces.len());
    ExitCode::SUCCESS
}

/// Runs `op` on every piece, `calls` times, into `out` cleared before each call.
fn each<T: Clear>(calls: usize, pieces: &[&[u8]], out: &mut T, mut op: impl FnMut(&[u8], &mut T)) {
    for _ in 0..calls {
        for &input in pieces {
            out.clear();
            op(black_box(input), out);
            black_box(&*out);
        }
    }
}

/// The output buffers, emptied between calls.
trait Clear {
    fn clear(&mut self);
}

impl Clear for String {
    fn clear(&mut self) {
        String::clear(self);
    }
}

impl Clear for Vec<u8> {
    fn clear(&mut self) {
        Vec::clear(self);
    }
}

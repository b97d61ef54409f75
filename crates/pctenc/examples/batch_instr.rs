//! One batch operation on the batch benchmark's URL rows, repeated: the program to run under
//! `valgrind --tool=callgrind` for instructions per row of the batch API and of its per-row
//! peer (count with 2 calls minus count with 1 call, divided by the rows: the column's
//! generation and process start cancel out).
//!
//! ```text
//! cargo build --release -p pctenc --example batch_instr
//! valgrind --tool=callgrind target/release/examples/batch_instr OP PROFILE ROWS CALLS
//!   OP       batch-decode | row-decode | batch-encode | row-encode
//!   PROFILE  a profile name (decoding is to text, as pctenc.arrow asks)
//!   ROWS     rows in the column (benches/url_rows)
//!   CALLS    how many times the whole column is done
//! ```
//!
//! Prints the column's input bytes, its mean row length and its share of rows with a `%`.

#[path = "../benches/url_rows/mod.rs"]
mod url_rows;

use std::hint::black_box;
use std::process::ExitCode;

use pctenc::batch::{self, Decode, OnError};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [op, profile, rows, calls] = args.as_slice() else {
        eprintln!("usage: batch_instr OP PROFILE ROWS CALLS");
        return ExitCode::from(2);
    };
    let (Some(p), Ok(n), Ok(calls)) =
        (pctenc::by_name(profile), rows.parse::<usize>(), calls.parse::<usize>())
    else {
        eprintln!("usage: batch_instr OP PROFILE ROWS CALLS (a profile name, two numbers)");
        return ExitCode::from(2);
    };
    let (escaped, decoded) = url_rows::columns(n);
    let run = Decode::new(p).text();
    let one = p.with_decoding(run.decoding());
    let col = if op.ends_with("decode") { &escaped } else { &decoded };
    for _ in 0..calls {
        match op.as_str() {
            "batch-decode" => {
                black_box(run.run::<i32, i32>(black_box(&col.rows()), OnError::Raise).is_ok());
            }
            "batch-encode" => {
                black_box(
                    batch::encode::<i32, i32>(p, black_box(&col.rows()), OnError::Raise).is_ok(),
                );
            }
            "row-decode" => {
                let mut v = Vec::with_capacity(col.values.len());
                let mut o = Vec::with_capacity(col.offsets.len());
                for w in col.offsets.windows(2) {
                    let _ = one.decode_append(&col.values[w[0] as usize..w[1] as usize], &mut v);
                    o.push(v.len() as i32);
                }
                black_box((v, o));
            }
            "row-encode" => {
                let mut s = String::with_capacity(2 * col.values.len());
                let mut o = Vec::with_capacity(col.offsets.len());
                for w in col.offsets.windows(2) {
                    p.encode_append(&col.values[w[0] as usize..w[1] as usize], &mut s);
                    o.push(s.len() as i32);
                }
                black_box((s, o));
            }
            _ => {
                eprintln!("unknown OP {op}");
                return ExitCode::from(2);
            }
        }
    }
    println!("{} {:.1} {:.2}", col.values.len(), col.mean(), col.share_with(b'%'));
    ExitCode::SUCCESS
}

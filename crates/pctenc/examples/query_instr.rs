//! One query column operation on the batch benchmark's URL rows, repeated: the program to run
//! under `valgrind --tool=callgrind` for instructions per row of `pctenc::query::column`
//! beside the batch decode of the same rows (count with 2 calls minus count with 1 call,
//! divided by the rows: the column's generation and process start cancel out).
//!
//! ```text
//! cargo build --release -p pctenc --example query_instr
//! valgrind --tool=callgrind target/release/examples/query_instr OP ROWS CALLS
//!   OP     first | all | parse | decode   (key `q`, profile `spark`, input `url`)
//! ```
//!
//! Prints the column's input bytes, its mean row length and its share of rows with a `?`.

#[path = "../benches/url_rows/mod.rs"]
mod url_rows;

use std::hint::black_box;
use std::process::ExitCode;

use pctenc::batch::{Decode, OnError};
use pctenc::profile::runtimes::JAVA_URLENCODER as SPARK;
use pctenc::query::{column, Input, Parser};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [op, rows, calls] = args.as_slice() else {
        eprintln!("usage: query_instr OP ROWS CALLS");
        return ExitCode::from(2);
    };
    let (Ok(n), Ok(calls)) = (rows.parse::<usize>(), calls.parse::<usize>()) else {
        eprintln!("usage: query_instr OP ROWS CALLS (two numbers)");
        return ExitCode::from(2);
    };
    let (col, _) = url_rows::columns(n);
    let p = Parser::new(SPARK).input(Input::Url);
    let rows = col.rows();
    for _ in 0..calls {
        let ok = match op.as_str() {
            "first" => column::first::<i32, i32>(&p, black_box(&rows), "q", OnError::Raise).is_ok(),
            "all" => column::all::<i32, i32>(&p, black_box(&rows), "q", OnError::Raise).is_ok(),
            "parse" => column::parse::<i32, i32>(&p, black_box(&rows), OnError::Raise).is_ok(),
            "decode" => {
                Decode::new(SPARK).text().run::<i32, i32>(black_box(&rows), OnError::Raise).is_ok()
            }
            _ => {
                eprintln!("unknown OP {op}");
                return ExitCode::from(2);
            }
        };
        black_box(ok);
    }
    println!("{} {:.1} {:.2}", col.values.len(), col.mean(), col.share_with(b'?'));
    ExitCode::SUCCESS
}

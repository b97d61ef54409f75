//! `probe OP CORPUS KERNEL REPS [LEN]`: runs `OP` (encode | decode) REPS times on the first
//! LEN bytes (default 1 MiB) of a deterministic corpus under a forced kernel. run.sh counts
//! instructions with callgrind at REPS=1 and REPS=2; the difference is one call.

use std::hint::black_box;
use std::process::ExitCode;

use pctenc::profile::{rfc3986::RFC3986, whatwg::COMPONENT};
use pctenc::Kernel;

#[path = "../../../../crates/pctenc/benches/kernels/corpus.rs"]
mod corpus;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [op, name, kernel, reps, rest @ ..] = &args[..] else {
        eprintln!("usage: probe encode|decode CORPUS KERNEL REPS [LEN]");
        return ExitCode::from(2);
    };
    let len = rest.first().and_then(|s| s.parse().ok()).unwrap_or(1 << 20);
    let Some(input) = corpus::by_name(name, len) else {
        eprintln!("unknown corpus {name}");
        return ExitCode::from(2);
    };
    let Some(k) = Kernel::by_name(kernel) else {
        eprintln!("kernel {kernel} is not available on this CPU");
        return ExitCode::from(3);
    };
    Kernel::force(Some(k));
    let reps: usize = reps.parse().unwrap_or(1);
    let mut out = Vec::with_capacity(3 * input.len());
    for _ in 0..reps {
        out.clear();
        match op.as_str() {
            "encode" => RFC3986.encode_append_vec(black_box(&input[..]), &mut out),
            "decode" => {
                let _ = COMPONENT.decode_append(black_box(&input[..]), &mut out);
            }
            _ => return ExitCode::from(2),
        }
        black_box(&out);
    }
    ExitCode::SUCCESS
}

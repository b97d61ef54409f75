//! The oracle: the scalar kernel, run natively. `oracle digests` writes the number of cases
//! and then the digest of every case and profile, each a little-endian u64, to stdout;
//! `oracle show CASE PROFILE` prints that case's whole outputs. `run.py` compares them with
//! the guest's (`src/bin/guest.rs`).

use std::io::Write;

use pctenc::Kernel;
use pctenc_emu::{cases, digest_of, show, PROFILES};

fn main() {
    Kernel::force(Some(Kernel::Scalar));
    assert_eq!(Kernel::current(), Kernel::Scalar);
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cases = cases();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["digests"] => {
            let mut out = Vec::with_capacity(8 * (cases.len() * PROFILES + 1));
            out.extend_from_slice(&(cases.len() as u64).to_le_bytes());
            for (input, split) in &cases {
                for p in 0..PROFILES {
                    out.extend_from_slice(&digest_of(input, *split, p).to_le_bytes());
                }
            }
            std::io::stdout().write_all(&out).expect("stdout");
        }
        ["show", case, profile] => {
            let (case, profile): (usize, usize) =
                (case.parse().expect("CASE"), profile.parse().expect("PROFILE"));
            let (input, split) = &cases[case];
            let mut s = String::new();
            show(&mut s, input, *split, profile).expect("fmt");
            println!("{s}");
        }
        _ => {
            eprintln!("usage: oracle digests | oracle show CASE PROFILE");
            std::process::exit(2);
        }
    }
}

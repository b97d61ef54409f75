//! Writes the conformance table (`conformance/cases.jsonl`): every case of
//! `conformance/gen.rs` with what the library gives for it. Deterministic; regenerate with
//!
//! ```sh
//! cargo run -p pctenc --example conformance > conformance/cases.jsonl
//! ```
//!
//! `tests/contract.rs` fails when the committed table is not what this writes.

#[path = "../../../conformance/gen.rs"]
mod gen;

fn main() {
    print!("{}", gen::table());
}

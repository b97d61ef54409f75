//! The JVM library's per-row call without a JVM: `Java_org_pctenc_Native_runAt` (what Spark's
//! rows and the Java API call per value) on values in native memory, for callgrind to count
//! (`scripts/bench/jvm-instr.sh`). The export makes no JNI call, so it runs here as it runs
//! under the JVM, its arguments built as `org.pctenc.Pctenc.transformAt` builds them: the
//! codec Spark's functions compile (`forEngineStrings`), the value in a buffer with the room
//! `Pctenc.room` gives after it.
//!
//! ```text
//! cargo run --release -p pctenc-jvm --example runat -- decode|encode PROFILE FILE [REPEAT]
//! ```
//!
//! Every line of FILE is a value; each is run REPEAT times (default 1). Prints the number of
//! calls and a checksum of the outputs' lengths, so that nothing is optimized away.

use std::io::BufRead;

use pctenc_jvm::codec::{flags, Codec, Mode};

unsafe extern "system" {
    // The export of `crates/pctenc-jvm/src/ffi.rs`, linked from this crate's rlib.
    fn Java_org_pctenc_Native_runAt(
        env: *mut std::ffi::c_void,
        class: *mut std::ffi::c_void,
        handle: i64,
        input: i64,
        len: i32,
        out: i64,
        room: i32,
    ) -> i32;
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [mode, profile, file, rest @ ..] = args.as_slice() else {
        eprintln!("usage: runat decode|encode PROFILE FILE [REPEAT]");
        std::process::exit(2);
    };
    let repeat: usize = rest.first().map_or(1, |r| r.parse().expect("REPEAT is a number"));
    let mode = if mode == "encode" { Mode::Encode } else { Mode::Decode };
    let codec = Codec::compile(mode, Some(profile), "", flags::JAVA_STRING_INPUT)
        .unwrap_or_else(|e| panic!("{}", e.0));
    let handle = codec as *const Codec as i64;
    let file = std::fs::File::open(file).expect("FILE opens");
    let values: Vec<Vec<u8>> =
        std::io::BufReader::new(file).split(b'\n').map(|l| l.expect("FILE reads")).collect();
    let mut buffer = Vec::new();
    let (mut calls, mut sum) = (0u64, 0i64);
    for value in &values {
        let len = value.len();
        let room = if mode == Mode::Encode { 3 * len } else { len };
        buffer.clear();
        buffer.extend_from_slice(value);
        buffer.resize(len + room + 1, 0);
        let at = buffer.as_mut_ptr() as usize as i64;
        for _ in 0..repeat {
            // SAFETY: the value's `len` bytes and `room` bytes after them are this buffer's,
            // as a thread's scratch buffer is in `org.pctenc.Pctenc`.
            let n = unsafe {
                Java_org_pctenc_Native_runAt(
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                    handle,
                    at,
                    len as i32,
                    at + len as i64,
                    room as i32,
                )
            };
            calls += 1;
            sum += i64::from(n);
        }
    }
    println!("{calls} calls, checksum {sum}");
}

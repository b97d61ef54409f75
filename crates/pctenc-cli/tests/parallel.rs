//! Records mode on several threads (`--threads N`) against the serial run (`--threads 1`):
//! the same output, the same exit status, and the same messages, for inputs of many read
//! blocks, with errors, `--keep-going`, `\r\n`, a last line without a terminator, and a
//! line longer than a batch (which sends the rest of the run to the serial engine).
//!
//! One difference is allowed, and checked to be only that: a message's snippet of the
//! input. The serial engine shows the bytes after the error that it has read so far, so
//! where its read ended inside the rejected line the snippet is shorter; a batch holds the
//! whole line. Everything before the snippet (`pctenc: line N, byte M: kind at`) must match.

mod util;

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// A deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// About `size` bytes of lines: text with spaces, escapes, UTF-8; `\r\n` or `\n`; every
/// `bad_every`-th line (0: none) holds a malformed escape.
fn corpus(seed: u64, size: usize, bad_every: u64) -> Vec<u8> {
    const PIECES: [&str; 10] =
        ["a", "b c", "%41", "%e2%82%ac", "ü", "/", "q=1&r=2", "+", "日本", "x"];
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(size + 256);
    let mut n = 0u64;
    while out.len() < size {
        n += 1;
        for _ in 0..rng.next() % 16 {
            out.extend_from_slice(PIECES[(rng.next() % 10) as usize].as_bytes());
        }
        if bad_every > 0 && n.is_multiple_of(bad_every) {
            out.extend_from_slice(b"%z");
        }
        out.extend_from_slice(if rng.next().is_multiple_of(5) { b"\r\n" } else { b"\n" });
    }
    out
}

/// Runs the binary with `args`, `input` on stdin or (with `file`) as `-i FILE`.
fn run(args: &[&str], input: &[u8], file: Option<&std::path::Path>) -> Output {
    let mut cmd = Command::new(util::BIN);
    cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    if let Some(path) = file {
        std::fs::write(path, input).unwrap();
        cmd.arg("-i").arg(path).stdin(Stdio::null());
        return cmd.output().unwrap();
    }
    let mut child = cmd.stdin(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

/// Each message up to its snippet.
fn located(stderr: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(stderr)
        .lines()
        .map(|l| l.split_once(" at ").map_or(l, |(head, _)| head).to_string())
        .collect()
}

/// `args` with 1, 2 and 4 threads, from stdin and from a file: the same run each time.
fn same_for_every_thread_count(name: &str, args: &[&str], input: &[u8]) -> Output {
    let dir = std::env::temp_dir().join(format!("pctenc-parallel-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let with = |threads: &str, file: bool| {
        let mut a = args.to_vec();
        a.extend(["--threads", threads]);
        run(&a, input, file.then(|| dir.join("input")).as_deref())
    };
    let serial = with("1", true);
    for (threads, file) in [("2", true), ("4", true), ("2", false), ("1", false)] {
        let got = with(threads, file);
        let what = format!("{name}: --threads {threads}, {}", if file { "file" } else { "stdin" });
        assert_eq!(got.status.code(), serial.status.code(), "{what}: exit status");
        assert!(got.stdout == serial.stdout, "{what}: stdout differs");
        assert_eq!(located(&got.stderr), located(&serial.stderr), "{what}: messages");
    }
    std::fs::remove_dir_all(&dir).unwrap();
    serial
}

#[test]
fn encode_many_blocks() {
    let input = corpus(1, 3 << 20, 0);
    let out = same_for_every_thread_count("encode", &["encode"], &input);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.len() > input.len());
}

#[test]
fn decode_many_blocks_lenient_and_form() {
    let input = corpus(2, 3 << 20, 997);
    let out = same_for_every_thread_count("lenient", &["decode", "--lenient"], &input);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
    same_for_every_thread_count("form", &["decode", "-p", "form", "--utf8", "lossy"], &input);
}

#[test]
fn first_rejection_stops_at_the_same_line() {
    // One bad line far into the input: everything before it is written, nothing after.
    let mut input = corpus(3, 2 << 20, 0);
    let at = input.len() / 2;
    let line_start = input[..at].iter().rposition(|&b| b == b'\n').unwrap() + 1;
    input.splice(line_start..line_start, b"ok%zz\n".iter().copied());
    let out = same_for_every_thread_count("reject", &["decode"], &input);
    assert_eq!(out.status.code(), Some(1));
    let line = input[..line_start].iter().filter(|&&b| b == b'\n').count() + 1;
    let messages = located(&out.stderr);
    assert_eq!(messages, [format!("pctenc: line {line}, byte 2: invalid-escape")]);
    assert_eq!(out.stdout.iter().filter(|&&b| b == b'\n').count(), line - 1);
}

#[test]
fn keep_going_reports_every_line_in_order() {
    let input = corpus(4, 3 << 20, 101);
    let out = same_for_every_thread_count("keep-going", &["decode", "--keep-going"], &input);
    assert_eq!(out.status.code(), Some(1));
    let lines = input.iter().filter(|&&b| b == b'\n').count();
    assert_eq!(out.stdout.iter().filter(|&&b| b == b'\n').count(), lines);
    assert!(located(&out.stderr).len() >= lines / 101);
}

#[test]
fn small_inputs_and_edges() {
    for (name, input) in [
        ("empty", &b""[..]),
        ("one", &b"a b"[..]),
        ("no-newline", &b"a\r\nb c\n%41%"[..]),
        ("cr-at-end", &b"a\r\nb\r"[..]),
        ("blank-lines", &b"\n\n\r\n\n"[..]),
    ] {
        let serial = same_for_every_thread_count(name, &["decode", "--keep-going"], input);
        // Small input is read in one block: the messages match byte for byte too.
        let parallel = run(&["decode", "--keep-going", "--threads", "2"], input, None);
        assert_eq!(parallel.stderr, serial.stderr, "{name}");
    }
}

#[test]
fn a_line_longer_than_a_batch_goes_on_serially() {
    // 3 MiB without a newline (over MAX_CARRY, 1 MiB), between ordinary lines; a bad line
    // after it checks that the serial rest numbers its records from the right place.
    let mut input = corpus(5, 1 << 20, 0);
    let before = input.iter().filter(|&&b| b == b'\n').count();
    input.extend(std::iter::repeat_n(b"ab%41 ".iter().copied(), 512 << 10).flatten());
    input.extend_from_slice(b"\nfine\nbad%z\n");
    input.extend_from_slice(&corpus(6, 1 << 20, 0));
    let out = same_for_every_thread_count("long", &["decode", "--keep-going"], &input);
    assert_eq!(
        located(&out.stderr),
        [format!("pctenc: line {}, byte 3: invalid-escape", before + 3)]
    );
}

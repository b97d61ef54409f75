//! Streaming: large inputs through pipes in bounded memory, escapes and `\r\n` cut by read
//! boundaries, and a reader that goes away (`| head`).

mod util;

use std::io::{BufRead, BufReader, Read, Write};

use pctenc::profile::rfc3986::RFC3986;

/// The CLI's read size; boundaries of file reads fall at its multiples.
const BLOCK: usize = 256 << 10;

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

/// The next line of the large input (text with spaces, UTF-8, reserved characters) and its
/// terminator.
fn line(rng: &mut Rng, buf: &mut Vec<u8>) -> &'static [u8] {
    const WORDS: [&str; 8] = ["alpha", "b/c", "d e", "ü", "€", "q=1&r=2", "%", "日本"];
    buf.clear();
    for _ in 0..(rng.next() % 12) {
        buf.extend_from_slice(WORDS[(rng.next() % 8) as usize].as_bytes());
    }
    if rng.next().is_multiple_of(3) {
        b"\r\n"
    } else {
        b"\n"
    }
}

#[test]
fn sixty_four_mib_through_a_pipe_in_bounded_memory() {
    const TOTAL: usize = 64 << 20;
    let mut child = util::spawn(&["encode"]);
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    // The writer makes the input on the fly: ordinary lines, then one 16 MiB line, then more.
    let writer = std::thread::spawn(move || {
        let mut rng = Rng(0x9E3779B97F4A7C15);
        let (mut sent, mut buf, mut block) = (0usize, Vec::new(), Vec::with_capacity(1 << 16));
        let mut huge_done = false;
        while sent < TOTAL {
            if !huge_done && sent > TOTAL / 4 {
                huge_done = true;
                let chunk = "a b/€%".repeat(1 << 12);
                for _ in 0..(16 << 20) / chunk.len() {
                    stdin.write_all(chunk.as_bytes()).unwrap();
                    sent += chunk.len();
                }
                stdin.write_all(b"\n").unwrap();
                sent += 1;
                continue;
            }
            let end = line(&mut rng, &mut buf);
            block.extend_from_slice(&buf);
            block.extend_from_slice(end);
            if block.len() >= 1 << 16 {
                stdin.write_all(&block).unwrap();
                sent += block.len();
                block.clear();
            }
        }
        stdin.write_all(&block).unwrap();
    });
    // The reader checks each output line against the library as it arrives.
    let mut rng = Rng(0x9E3779B97F4A7C15);
    let mut out = BufReader::with_capacity(1 << 16, child.stdout.take().unwrap());
    let (mut got, mut want) = (Vec::new(), String::new());
    let (mut lines, mut huge_seen, mut read, mut peak) = (0usize, false, 0usize, 0u64);
    let mut buf = Vec::new();
    loop {
        got.clear();
        if out.read_until(b'\n', &mut got).unwrap() == 0 {
            break;
        }
        read += got.len();
        if got.len() > 1 << 20 {
            // The huge line: 16 MiB of "a b/€%" repeated, encoded.
            let unit = RFC3986.encode("a b/€%");
            assert_eq!(
                got.len() - 1,
                unit.len() * (((16 << 20) / "a b/€%".repeat(1 << 12).len()) << 12)
            );
            assert!(got[..got.len() - 1].chunks(unit.len()).all(|c| c == unit.as_bytes()));
            huge_seen = true;
        } else {
            line(&mut rng, &mut buf);
            want.clear();
            RFC3986.encode_append(&buf, &mut want);
            want.push('\n');
            assert_eq!(got, want.as_bytes(), "line {lines}");
        }
        lines += 1;
        if lines % 4096 == 0 {
            peak = peak.max(util::peak_rss_kib(pid).unwrap_or(0));
        }
    }
    writer.join().unwrap();
    peak = peak.max(util::peak_rss_kib(pid).unwrap_or(0));
    let status = child.wait().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(status.success() && err.is_empty(), "{status:?} {err}");
    assert!(huge_seen && lines > 1000 && read > TOTAL);
    // Generous: the input alone is 64 MiB and its output larger; the CLI holds a few MiB.
    assert!(peak < 48 << 10, "peak RSS {peak} KiB");
    eprintln!("64 MiB encode: {lines} lines, peak RSS {peak} KiB");
}

#[test]
fn broken_pipe_ends_quietly_with_zero() {
    for args in [&["encode"][..], &["decode", "--whole"], &["encode", "--whole"]] {
        let mut child = util::spawn(args);
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            let block = "a b c\n".repeat(1 << 14);
            for _ in 0..2000 {
                if stdin.write_all(block.as_bytes()).is_err() {
                    break;
                }
            }
        });
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut first = Vec::new();
        out.read_until(b'\n', &mut first).unwrap();
        assert!(!first.is_empty());
        drop(out);
        let status = child.wait().unwrap();
        writer.join().unwrap();
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        assert_eq!((status.code(), err.as_str()), (Some(0), ""), "{args:?}");
    }
}

clitest!(escapes_and_crlf_cut_by_read_boundaries, |dir, cmd| {
    // File reads come in BLOCK-sized pieces: put a "\r" | "\n", a "%4" | "1" and a
    // "\r" | "x" exactly on the boundaries.
    let mut input = vec![b'a'; BLOCK - 1];
    input.extend_from_slice(b"\r\n");
    input.resize(2 * BLOCK - 2, b'b');
    input.extend_from_slice(b"%41\n");
    input.resize(3 * BLOCK - 1, b'c');
    input.extend_from_slice(b"\rx\n\r");
    dir.create("in", &input);
    cmd.args(["decode", "-i", "in"]);
    let mut want = vec![b'a'; BLOCK - 1];
    want.push(b'\n');
    want.resize(2 * BLOCK - 3, b'b');
    want.extend_from_slice(b"A\n");
    want.resize(want.len() + BLOCK - 3, b'c');
    want.extend_from_slice(b"\rx\n\r\n");
    eqnice!(want, cmd.stdout());
    // --whole: the escape across the boundary.
    let mut cmd = dir.command();
    let mut input = vec![b'z'; BLOCK - 1];
    input.extend_from_slice(b"%E2%82%AC");
    dir.create("whole", &input);
    cmd.args(["decode", "--whole", "-p", "js-component", "-i", "whole"]);
    let mut want = vec![b'z'; BLOCK - 1];
    want.extend_from_slice("€".as_bytes());
    eqnice!(want, cmd.stdout());
});

clitest!(a_record_rejected_after_a_boundary_still_shows_its_bytes, |dir, cmd| {
    let mut input = vec![b'a'; BLOCK - 2];
    input.extend_from_slice(b"%4g\n");
    dir.create("in", &input);
    cmd.args(["decode", "-i", "in"]);
    cmd.expect(
        1,
        "",
        format!(
            "pctenc: line 1, byte {}: invalid-escape at \"%4g\": '%' must be followed by two hex digits (--lenient keeps it)\n",
            BLOCK - 2
        ),
    );
});

#[test]
fn each_line_is_written_while_the_input_is_still_open() {
    let mut child = util::spawn(&["decode"]);
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        for _ in 0..2 {
            let mut line = Vec::new();
            out.read_until(b'\n', &mut line).unwrap();
            tx.send(line).unwrap();
        }
    });
    let wait = std::time::Duration::from_secs(20);
    // A line, and then a partial one: the first must come out while stdin stays open.
    stdin.write_all(b"a%20b\nc%2").unwrap();
    stdin.flush().unwrap();
    assert_eq!(rx.recv_timeout(wait).expect("the first line before EOF"), b"a b\n");
    stdin.write_all(b"0d\n").unwrap();
    assert_eq!(rx.recv_timeout(wait).expect("the second line before EOF"), b"c d\n");
    drop(stdin);
    reader.join().unwrap();
    assert!(child.wait().unwrap().success());
}

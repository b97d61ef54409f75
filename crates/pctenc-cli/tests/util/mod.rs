//! The transcript harness: run the built `pctenc` with arguments, files and stdin, and compare
//! stdout, stderr and the exit code exactly.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_pctenc");

/// Defines a test that gets a scratch directory and a command, as ripgrep's `rgtest!`.
#[macro_export]
macro_rules! clitest {
    ($name:ident, |$dir:ident, $cmd:ident| $body:block) => {
        #[test]
        fn $name() {
            let $dir = $crate::util::Dir::new(stringify!($name));
            #[allow(unused_mut, unused_variables)]
            let mut $cmd = $dir.command();
            $body
        }
    };
}

/// `assert_eq!` that shows both sides as text, line by line.
#[macro_export]
macro_rules! eqnice {
    ($expected:expr, $got:expr) => {
        match (&$expected, &$got) {
            (expected, got) => {
                let expected: &[u8] = ::std::convert::AsRef::<[u8]>::as_ref(expected);
                let got: &[u8] = ::std::convert::AsRef::<[u8]>::as_ref(got);
                if expected != got {
                    panic!(
                        "\n== expected ==\n{}\n== got ==\n{}\n==",
                        String::from_utf8_lossy(expected).escape_debug(),
                        String::from_utf8_lossy(got).escape_debug()
                    );
                }
            }
        }
    };
}

/// Starts `cmd` with stdin, stdout and stderr piped.
pub fn piped(cmd: &mut Command) -> Child {
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap()
}

/// Starts the binary with `args`, stdin, stdout and stderr piped.
pub fn spawn<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Child {
    piped(Command::new(BIN).args(args))
}

/// Peak resident memory of a running process, in KiB (Linux).
pub fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A scratch directory for one test, emptied when the test starts.
pub struct Dir {
    /// The directory.
    pub path: PathBuf,
}

impl Dir {
    /// `target/tmp/cli/NAME`, empty.
    pub fn new(name: &str) -> Dir {
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli").join(name);
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        Dir { path }
    }

    /// Writes `contents` to `name` in the directory and returns its path.
    pub fn create(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let p = self.path.join(name);
        std::fs::write(&p, contents).unwrap();
        p
    }

    /// A command for the binary, run in this directory, with a clean colour environment.
    pub fn command(&self) -> Cmd {
        let mut cmd = Command::new(BIN);
        cmd.current_dir(&self.path).env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
        Cmd { cmd, stdin: Vec::new() }
    }
}

/// The command and the bytes it gets on stdin.
pub struct Cmd {
    /// The process to run.
    pub cmd: Command,
    /// Its stdin.
    pub stdin: Vec<u8>,
}

impl Cmd {
    /// Adds arguments.
    pub fn args<I, S>(&mut self, args: I) -> &mut Cmd
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        self.cmd.args(args);
        self
    }

    /// Sets stdin.
    pub fn stdin(&mut self, bytes: impl AsRef<[u8]>) -> &mut Cmd {
        self.stdin = bytes.as_ref().to_vec();
        self
    }

    /// Sets an environment variable.
    pub fn env(&mut self, key: &str, value: &str) -> &mut Cmd {
        self.cmd.env(key, value);
        self
    }

    /// Runs to the end with `stdin` fed from a thread.
    pub fn output(&mut self) -> Output {
        let mut child = piped(&mut self.cmd);
        let mut input = child.stdin.take().unwrap();
        let bytes = std::mem::take(&mut self.stdin);
        let writer = std::thread::spawn(move || {
            let _ = input.write_all(&bytes);
        });
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        out
    }

    /// Runs, asserts exit 0 and an empty stderr, returns stdout.
    pub fn stdout(&mut self) -> Vec<u8> {
        let out = self.output();
        assert!(
            out.status.code() == Some(0) && out.stderr.is_empty(),
            "exit {:?}, stderr: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    }

    /// Runs and asserts the exact exit code, stdout and stderr.
    pub fn expect(&mut self, code: i32, stdout: impl AsRef<[u8]>, stderr: impl AsRef<[u8]>) {
        let out = self.output();
        eqnice!(stderr, out.stderr);
        eqnice!(stdout, out.stdout);
        assert_eq!(out.status.code(), Some(code), "exit code");
    }
}

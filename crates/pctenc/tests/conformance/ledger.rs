//! The expected-failures ledger: every conformance case passes, or is listed with a reason.
//!
//! `tests/expected_failures.txt` holds one line per case that the library does not pass:
//! `suite<TAB>case id<TAB>reason` (`#` starts a comment). A suite records the outcome of
//! every case it runs; at the end it fails on any unlisted failure, on any listed case that
//! passes (the list must shrink when the library improves) and on any listed case it never
//! saw (a stale id).

use std::collections::{BTreeMap, BTreeSet};

const FILE: &str = include_str!("../expected_failures.txt");

/// The outcomes of one suite.
pub struct Ledger {
    suite: &'static str,
    expected: BTreeMap<String, String>,
    seen: BTreeSet<String>,
    passed: usize,
    expected_failed: usize,
    problems: Vec<String>,
}

impl Ledger {
    /// The ledger of `suite`, with its listed expected failures.
    pub fn new(suite: &'static str) -> Ledger {
        let mut expected = BTreeMap::new();
        for (n, line) in FILE.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let mut fields = line.splitn(3, '\t');
            let (Some(s), Some(id), Some(reason)) = (fields.next(), fields.next(), fields.next())
            else {
                panic!("expected_failures.txt:{}: want suite<TAB>id<TAB>reason", n + 1);
            };
            assert!(!reason.trim().is_empty(), "expected_failures.txt:{}: no reason", n + 1);
            if s == suite {
                let dup = expected.insert(id.to_string(), reason.to_string());
                assert!(dup.is_none(), "expected_failures.txt:{}: {id} listed twice", n + 1);
            }
        }
        Ledger {
            suite,
            expected,
            seen: BTreeSet::new(),
            passed: 0,
            expected_failed: 0,
            problems: Vec::new(),
        }
    }

    /// Records one case: `Ok(())` if it passed, else what went wrong.
    pub fn check(&mut self, id: &str, outcome: Result<(), String>) {
        self.seen.insert(id.to_string());
        match (outcome, self.expected.contains_key(id)) {
            (Ok(()), false) => self.passed += 1,
            (Err(_), true) => self.expected_failed += 1,
            (Ok(()), true) => {
                self.problems.push(format!("{id}: passes now; remove it from expected_failures"))
            }
            (Err(why), false) => self.problems.push(format!("{id}: {why}")),
        }
    }

    /// Prints the counts and fails on any problem. Returns (passed, expected failures).
    pub fn finish(mut self) -> (usize, usize) {
        for id in self.expected.keys() {
            if !self.seen.contains(id) {
                self.problems.push(format!("{id}: listed in expected_failures but never run"));
            }
        }
        println!(
            "{}: {} cases, {} passed, {} expected failures, {} problems",
            self.suite,
            self.passed + self.expected_failed + self.problems.len(),
            self.passed,
            self.expected_failed,
            self.problems.len()
        );
        for (id, reason) in &self.expected {
            println!("  expected failure {id}: {reason}");
        }
        assert!(self.problems.is_empty(), "{}:\n{}", self.suite, self.problems.join("\n"));
        (self.passed, self.expected_failed)
    }
}

//! Detection accuracy floors on the multilingual corpus (`tests/support/corpus.rs`).
//!
//! `docs/charsets.md` holds the full table measured with 500 samples per cell
//! (`cargo run --release -p pctenc --example charset_accuracy`). This test measures 100
//! samples per cell of three window lengths, with the same seed, and asserts each against a
//! floor: the documented figure minus a margin (10 points at 8 and 32 characters, 3 points at
//! 128), so that a regression in detection or in the pipeline shows, and sampling noise does
//! not.
#![cfg(feature = "charsets")]

#[path = "support/corpus.rs"]
mod corpus;

/// (language, charset, floor % at 8 chars, at 32 chars, at 128 chars).
const FLOORS: &[(&str, &str, f64, f64, f64)] = &[
    ("Japanese", "shift_jis", 87.0, 90.0, 97.0),
    ("Japanese", "euc-jp", 89.0, 90.0, 97.0),
    ("Japanese", "iso-2022-jp", 90.0, 90.0, 97.0),
    ("Chinese (simplified)", "gbk", 89.0, 90.0, 97.0),
    ("Chinese (simplified)", "gb18030", 89.0, 90.0, 97.0),
    ("Chinese (traditional)", "big5", 90.0, 90.0, 97.0),
    ("Korean", "euc-kr", 87.0, 90.0, 97.0),
    ("Russian", "windows-1251", 56.0, 86.0, 97.0),
    ("Russian", "koi8-r", 69.0, 90.0, 97.0),
    ("Czech", "windows-1250", 76.0, 83.0, 97.0),
    ("Czech", "iso-8859-2", 71.0, 83.0, 97.0),
    ("French", "windows-1252", 86.0, 87.0, 97.0),
    ("German", "windows-1252", 89.0, 89.0, 97.0),
    ("Spanish", "windows-1252", 88.0, 89.0, 96.0),
    ("Portuguese", "windows-1252", 77.0, 79.0, 92.0),
];

#[test]
fn detection_accuracy_floors() {
    let mut below = Vec::new();
    let mut cells = 0;
    for lang in corpus::LANGUAGES {
        for &label in lang.charsets {
            let floors = FLOORS
                .iter()
                .find(|f| f.0 == lang.name && f.1 == label)
                .unwrap_or_else(|| panic!("no floor for {} / {label}", lang.name));
            for (len, floor) in [(8, floors.2), (32, floors.3), (128, floors.4)] {
                let o = corpus::measure(lang, label, len, 100, 0x5EED);
                println!(
                    "{:22} {label:13} {len:3} chars: {:5.1}% (floor {floor})",
                    lang.name,
                    o.percent()
                );
                if o.percent() < floor {
                    below.push(format!(
                        "{} {label} at {len}: {:.1} < {floor}",
                        lang.name,
                        o.percent()
                    ));
                }
                cells += 1;
            }
        }
    }
    assert_eq!(cells, 3 * FLOORS.len(), "every floor was measured");
    assert!(below.is_empty(), "below the floor:\n{}", below.join("\n"));
}

//! Measures charset detection on the multilingual corpus and prints the Markdown table of
//! `docs/charsets.md`.
//!
//! Every sample is a window of N characters of everyday text in one language, written as a
//! form value in one legacy charset (text → bytes → escapes), then decoded with detection
//! (escapes → bytes → `charset::detect` → text). A sample counts as correct when it comes
//! back as the original text: GBK for GB18030 text or KOI8-U for KOI8-R text is correct when
//! it decodes the same. Samples are seeded, so the table is reproducible:
//!
//! ```text
//! cargo run --release -p pctenc --example charset_accuracy [SAMPLES_PER_CELL]
//! ```

#[path = "../tests/support/corpus.rs"]
mod corpus;

use corpus::{measure, LANGUAGES, LENGTHS};

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(500);
    println!("Correct detections in % of {n} samples per cell (window length in characters).\n");
    print!("| language | charset |");
    for len in LENGTHS {
        print!(" {len} |");
    }
    println!(" most frequent wrong guess at {} chars |", LENGTHS[0]);
    print!("|---|---|");
    for _ in LENGTHS {
        print!("---:|");
    }
    println!("---|");
    for lang in LANGUAGES {
        for label in lang.charsets {
            print!("| {} | {label} |", lang.name);
            let mut first = None;
            for &len in LENGTHS {
                let o = measure(lang, label, len, n, 0x5EED);
                print!(" {:.1} |", o.percent());
                first.get_or_insert(o);
            }
            let wrong = first
                .as_ref()
                .and_then(|o| o.top_wrong().map(|(g, c)| format!("{g} ({c})")))
                .unwrap_or_default();
            println!(" {wrong} |");
        }
    }
}

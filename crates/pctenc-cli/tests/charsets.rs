//! Transcripts of `--charset`: legacy encodings both ways, `auto` detection per record with
//! `--explain` and `-v`, errors with offsets, and `-p rfc8187` ext-values.
//!
//! Inputs are built with the library's own encoder (`encode_with`) from everyday sentences, so
//! each case is "this text, in this charset, escaped" without hand-made bytes; the first cases
//! use literal escapes checked against Python's codecs.

mod util;

use std::io::{BufRead, BufReader, Read, Write};

use pctenc::charset::{encoding_rs, for_label};
use pctenc::profile::protocols::rfc8187::encode_ext_value;
use pctenc::profile::rfc3986::RFC3986;
use pctenc::profile::whatwg::FORM;

/// Text in a charset, and the name `--charset auto` must report for it.
const SAMPLES: &[(&str, &str, &str)] = &[
    ("shift_jis", "Shift_JIS", "今日は良い天気ですね。明日も晴れるといいですね。"),
    ("euc-jp", "EUC-JP", "今日は良い天気ですね。明日も晴れるといいですね。"),
    ("iso-2022-jp", "ISO-2022-JP", "今日は良い天気ですね。明日も晴れるといいですね。"),
    ("gbk", "GBK", "我们今天去公园散步，天气非常好，大家都很开心。"),
    // GB18030 text of GBK's repertoire is GBK: the detector names the smaller one.
    ("gb18030", "GBK", "我们今天去公园散步，天气非常好，大家都很开心。"),
    ("big5", "Big5", "我們今天去公園散步，天氣非常好，大家都很開心。"),
    ("euc-kr", "EUC-KR", "오늘은 날씨가 정말 좋네요. 내일도 맑았으면 좋겠습니다."),
    ("windows-1251", "windows-1251", "Сегодня очень хорошая погода, и мы идём гулять в парк."),
    // KOI8-U is KOI8-R plus Ukrainian letters: the same bytes for Russian text.
    ("koi8-r", "KOI8-U", "Сегодня очень хорошая погода, и мы идём гулять в парк."),
    ("windows-1250", "windows-1250", "Dnes je opravdu krásné počasí, půjdeme se projít do parku."),
    // These Czech letters have the same bytes in ISO-8859-2 and windows-1250.
    ("iso-8859-2", "windows-1250", "Dnes je opravdu krásné počasí, půjdeme se projít do parku."),
    ("windows-1252", "windows-1252", "Les élèves étudient à la bibliothèque après le déjeuner."),
    ("utf-8", "UTF-8", "Grüße aus Köln, 東京 und Москва"),
];

fn escaped(label: &str, text: &str) -> String {
    RFC3986.encode_with(text, for_label(label).unwrap()).into_owned()
}

clitest!(shift_jis_auto_is_detected, |dir, cmd| {
    cmd.args(["decode", "--charset", "auto"]).stdin("%82%B1%82%F1%82%C9%82%BF%82%CD\n");
    eqnice!("こんにちは\n", cmd.stdout());
});

clitest!(literal_escapes_verified_with_python, |dir, cmd| {
    // python3: urllib.parse.quote(text.encode(codec), safe='')
    for (label, escapes, text) in [
        ("shift_jis", "%82%B1%82%F1%82%C9%82%BF%82%CD", "こんにちは"),
        ("euc-jp", "%A4%B3%A4%F3%A4%CB%A4%C1%A4%CF", "こんにちは"),
        ("gbk", "%C4%E3%BA%C3", "你好"),
        ("big5", "%A7A%A6n", "你好"),
        ("euc-kr", "%BE%C8%B3%E7", "안녕"),
        ("windows-1251", "%CF%F0%E8%E2%E5%F2", "Привет"),
        ("koi8-r", "%F0%D2%C9%D7%C5%D4", "Привет"),
        ("windows-1250", "%C8esk%E1", "Česká"),
    ] {
        let mut cmd = dir.command();
        cmd.args(["decode", "--charset", label, escapes]);
        eqnice!(format!("{text}\n"), cmd.stdout());
        let mut cmd = dir.command();
        cmd.args(["encode", "--charset", label, text]);
        eqnice!(format!("{escapes}\n"), cmd.stdout());
    }
});

clitest!(every_family_round_trips_with_its_label, |dir, cmd| {
    for &(label, _, text) in SAMPLES {
        let mut cmd = dir.command();
        cmd.args(["encode", "--charset", label, text]);
        let out = cmd.stdout();
        eqnice!(format!("{}\n", escaped(label, text)), out);
        let mut cmd = dir.command();
        cmd.args(["decode", "--charset", label]).stdin(&out);
        eqnice!(format!("{text}\n"), cmd.stdout());
    }
});

clitest!(auto_detects_each_record_and_says_so, |dir, cmd| {
    let input: String = SAMPLES.iter().map(|&(l, _, t)| format!("{}\n", escaped(l, t))).collect();
    let texts: String = SAMPLES.iter().map(|&(_, _, t)| format!("{t}\n")).collect();
    let explained: String = SAMPLES.iter().map(|&(_, name, t)| format!("{name}\t{t}\n")).collect();
    let noted: String = SAMPLES
        .iter()
        .enumerate()
        .map(|(i, &(_, name, _))| format!("pctenc: line {}: decoded as {name}\n", i + 1))
        .collect();
    cmd.args(["decode", "--charset", "auto"]).stdin(&input);
    eqnice!(texts, cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["decode", "--charset", "auto", "--explain"]).stdin(&input);
    eqnice!(explained, cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["decode", "--charset", "auto", "-v"]).stdin(&input);
    cmd.expect(0, texts, noted);
});

clitest!(auto_with_whole_and_arguments, |dir, cmd| {
    let sjis = escaped("shift_jis", "日本語のテキスト\n二行目");
    cmd.args(["decode", "--charset", "auto", "--whole", "--explain", "-v"]).stdin(&sjis);
    cmd.expect(0, "Shift_JIS\t日本語のテキスト\n二行目", "pctenc: input: decoded as Shift_JIS\n");
    let mut cmd = dir.command();
    cmd.args([
        "decode",
        "--charset",
        "AUTO",
        "-v",
        "caf%C3%A9",
        "%CF%F0%E8%E2%E5%F2%2C%20%EC%E8%F0",
    ]);
    cmd.expect(
        0,
        "café\nПривет, мир\n",
        "pctenc: argument 1: decoded as UTF-8\npctenc: argument 2: decoded as windows-1251\n",
    );
});

clitest!(form_profile_with_a_charset, |dir, cmd| {
    cmd.args(["encode", "-p", "form", "--charset", "windows-1252", "café ☕"]);
    eqnice!("caf%E9+%26%239749%3B\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["decode", "-p", "form", "--charset", "euc-kr"])
        .stdin(FORM.encode_with("안녕 하세요", encoding_rs::EUC_KR).as_bytes());
    eqnice!("안녕 하세요\n", cmd.stdout());
});

// ---- errors -----------------------------------------------------------------------------

clitest!(unmappable_is_escaped_or_with_strict_an_error, |dir, cmd| {
    cmd.args(["encode", "--charset", "shift_jis", "a‽b"]);
    eqnice!("a%26%238253%3Bb\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["encode", "--charset", "shift_jis", "--strict"]).stdin("日本\nab€c\nnot reached\n");
    cmd.expect(
        1,
        "%93%FA%96%7B\n",
        "pctenc: line 2, byte 2: unmappable at \"€c\": U+20AC '€' is not in Shift_JIS (without --strict it is written as &#8364;)\n",
    );
});

clitest!(invalid_bytes_are_an_error_naming_the_offset, |dir, cmd| {
    cmd.args(["decode", "--charset", "shift_jis", "ok%82%B1%82"]);
    cmd.expect(
        1,
        "",
        "pctenc: argument 1, byte 8: invalid-charset at \"%82\": the decoded bytes are not valid Shift_JIS (--utf8 lossy replaces them)\n",
    );
    let mut cmd = dir.command();
    cmd.args(["decode", "--charset", "shift_jis", "--utf8", "lossy", "ok%82%B1%82"]);
    eqnice!("okこ\u{FFFD}\n", cmd.stdout());
    // auto: bytes that are UTF-8 but for a truncated end are still decoded strictly.
    let mut cmd = dir.command();
    cmd.args(["decode", "--charset", "auto", "--keep-going"]).stdin("%E2%82%AC\n%zz\nx\n");
    cmd.expect(
        1,
        "€\n\nx\n",
        "pctenc: line 2, byte 0: invalid-escape at \"%zz\": '%' must be followed by two hex digits (--lenient keeps it)\n",
    );
});

clitest!(charset_usage_errors, |dir, cmd| {
    cmd.args(["decode", "--charset", "klingon", "x"]);
    cmd.expect(
        2,
        "",
        "pctenc: unknown charset 'klingon' (charset takes a WHATWG encoding label such as utf-8, shift_jis, euc-jp, gbk, big5, euc-kr, windows-1251, koi8-r, windows-1250; or auto, decoding)\n",
    );
    let mut cmd = dir.command();
    cmd.args(["encode", "--charset", "auto", "x"]);
    cmd.expect(2, "", "pctenc: charset with encode: auto detects the charset of decoded bytes; name the charset\n");
    let mut cmd = dir.command();
    cmd.args(["decode", "--charset", "gbk", "--utf8", "bytes", "x"]);
    cmd.expect(
        2,
        "",
        "pctenc: utf8 with charset: a charset is decoded to text; utf8=bytes does not apply\n",
    );
    let mut cmd = dir.command();
    let out = cmd.args(["decode", "--explain", "x"]).output();
    assert_eq!(out.status.code(), Some(2), "--explain needs --charset");
});

// ---- bounded memory ---------------------------------------------------------------------

#[test]
fn auto_whole_streams_32_mib_in_bounded_memory() {
    let unit = escaped("shift_jis", "日本語のテキストです。");
    let copies = (32 << 20) / unit.len();
    let mut child = util::spawn(&["decode", "--whole", "--charset", "auto", "-v"]);
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let block = unit.repeat(1000);
    let writer = std::thread::spawn(move || {
        for _ in 0..copies / 1000 {
            stdin.write_all(block.as_bytes()).unwrap();
        }
    });
    let want = "日本語のテキストです。";
    let mut out = BufReader::with_capacity(1 << 16, child.stdout.take().unwrap());
    let (mut total, mut peak, mut pending) = (0usize, 0u64, Vec::new());
    loop {
        let buf = out.fill_buf().unwrap();
        if buf.is_empty() {
            break;
        }
        pending.extend_from_slice(buf);
        let n = buf.len();
        out.consume(n);
        let whole = pending.len() - pending.len() % want.len();
        assert!(pending[..whole].chunks(want.len()).all(|c| c == want.as_bytes()));
        total += whole;
        pending.drain(..whole);
        peak = peak.max(util::peak_rss_kib(pid).unwrap_or(0));
    }
    writer.join().unwrap();
    let status = child.wait().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(status.success(), "{err}");
    assert_eq!(err, "pctenc: input: decoded as Shift_JIS\n");
    assert_eq!(total, want.len() * (copies / 1000) * 1000);
    assert!(pending.is_empty());
    assert!(peak < 48 << 10, "peak RSS {peak} KiB");
    eprintln!("32 MiB auto decode: peak RSS {peak} KiB");
}

// ---- -p rfc8187 -------------------------------------------------------------------------

clitest!(rfc8187_writes_and_reads_ext_values, |dir, cmd| {
    cmd.args(["encode", "-p", "rfc8187", "naïve", "€ rates"]);
    eqnice!("UTF-8''na%C3%AFve\nUTF-8''%E2%82%AC%20rates\n", cmd.stdout());
    for text in ["naïve", "", "a'b c%", "日本"] {
        let mut cmd = dir.command();
        cmd.args(["encode", "-p", "ext-value", "--", text]);
        eqnice!(format!("{}\n", encode_ext_value(text)), cmd.stdout());
    }
    let mut cmd = dir.command();
    cmd.args(["decode", "-p", "rfc8187"])
        .stdin("UTF-8''na%C3%AFve\niso-8859-1'en'%A3%20rates\nUS-ASCII''abc\nutf-8'de'%e2%82%ac\n");
    eqnice!("naïve\n£ rates\nabc\n€\n", cmd.stdout());
    // What encode writes, decode reads.
    let mut cmd = dir.command();
    cmd.args(["decode", "-p", "rfc8187"]).stdin(encode_ext_value("Grüße, 東京!"));
    eqnice!("Grüße, 東京!\n", cmd.stdout());
});

clitest!(rfc8187_errors_name_the_offset, |dir, cmd| {
    cmd.args(["decode", "-p", "rfc8187", "--keep-going"])
        .stdin("UTF-8''a b\nno-quotes\nkoi8-r''%F0\nUTF-8''%C3\nUTF-8''\u{e9}\n");
    cmd.expect(
        1,
        "\n\n\n\n\n",
        "pctenc: line 1, byte 8: invalid-char at \" b\": byte 8 is not an attr-char or a %XX escape\n\
         pctenc: line 2, byte 9: missing-quote at \"\": expected charset'language'value: no second ' (at byte 9)\n\
         pctenc: line 3, byte 0: unsupported-charset at \"koi8-r''\"...: unsupported charset: expected UTF-8, ISO-8859-1 or US-ASCII\n\
         pctenc: line 4, byte 7: invalid-utf8 at \"%C3\": invalid UTF-8 at byte 7: the decoded bytes are not UTF-8\n\
         pctenc: line 5, byte 7: invalid-char at \"é\": byte 7 is not an attr-char or a %XX escape\n",
    );
    let mut cmd = dir.command();
    cmd.args(["encode", "-p", "rfc8187", "--charset", "latin1", "x"]);
    cmd.expect(
        2,
        "",
        "pctenc: charset with profile rfc8187: rfc8187 reads and writes whole ext-values (charset'language'value), in their own charset and rules\n",
    );
});

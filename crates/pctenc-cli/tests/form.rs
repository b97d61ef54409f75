//! Transcripts of `pctenc form decode|encode`, and the WPT urlencoded parser cases run
//! through the command.

mod util;

use serde_json::Value;

const WPT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/testdata/wpt/urlencoded-parser-data.json"
);

fn wpt_cases() -> Vec<(String, Value)> {
    let text = std::fs::read_to_string(WPT).unwrap_or_else(|e| panic!("{WPT}: {e}"));
    let cases: Vec<Value> = serde_json::from_str(&text).unwrap();
    cases
        .into_iter()
        .map(|c| (c["input"].as_str().unwrap().to_string(), c["output"].clone()))
        .collect()
}

#[test]
fn wpt_urlencoded_parser_data_through_form_decode_whole() {
    let dir = util::Dir::new("wpt_urlencoded_whole");
    let cases = wpt_cases();
    let mut passed = 0;
    for (input, want) in &cases {
        let mut cmd = dir.command();
        cmd.args(["form", "decode", "--whole"]).stdin(input);
        let out = String::from_utf8(cmd.stdout()).unwrap();
        let line = out.strip_suffix('\n').unwrap_or_else(|| panic!("{input:?}: {out:?}"));
        assert!(!line.contains('\n'), "{input:?}: one line of JSON");
        let got: Value = serde_json::from_str(line).unwrap();
        assert_eq!(&got, want, "{input:?}");
        passed += 1;
    }
    assert_eq!(passed, 35);
    println!("{passed} passed, 0 failed");
}

clitest!(wpt_cases_as_records_give_one_array_per_line, |dir, cmd| {
    // No case holds a newline, so all of them go in one run, one per line.
    let cases = wpt_cases();
    assert!(cases.iter().all(|(i, _)| !i.contains(['\n', '\r'])));
    let input: String = cases.iter().map(|(i, _)| format!("{i}\n")).collect();
    cmd.args(["form", "decode"]).stdin(input);
    let out = String::from_utf8(cmd.stdout()).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), cases.len());
    for ((input, want), line) in cases.iter().zip(lines) {
        assert_eq!(&serde_json::from_str::<Value>(line).unwrap(), want, "{input:?}");
    }
});

clitest!(form_encode_writes_what_the_library_serializes, |dir, cmd| {
    // Every WPT output, encoded by the command, is the library's serialization.
    for (_, pairs) in wpt_cases() {
        let list: Vec<(String, String)> = serde_json::from_value(pairs.clone()).unwrap();
        let mut cmd = dir.command();
        cmd.args(["form", "encode", &pairs.to_string()]);
        eqnice!(format!("{}\n", pctenc::form::serialize(&list)), cmd.stdout());
    }
});

clitest!(decode_transcripts, |dir, cmd| {
    cmd.args(["form", "decode"]).stdin("q=caf%C3%A9+au+lait&lang=fr&flag\n\n%zz=%FF\r\n");
    eqnice!(
        "[[\"q\",\"café au lait\"],[\"lang\",\"fr\"],[\"flag\",\"\"]]\n[]\n[[\"%zz\",\"\u{FFFD}\"]]\n",
        cmd.stdout()
    );
    let mut cmd = dir.command();
    cmd.args(["form", "decode", "--whole"]).stdin("a=1\nb=2&c=%0A");
    eqnice!("[[\"a\",\"1\\nb=2\"],[\"c\",\"\\n\"]]\n", cmd.stdout());
    // Controls and bidi overrides come out as JSON escapes.
    let mut cmd = dir.command();
    cmd.args(["form", "decode", "f=%E2%80%AEexe.txt%1B"]);
    eqnice!("[[\"f\",\"\\u202eexe.txt\\u001b\"]]\n", cmd.stdout());
});

clitest!(decode_with_a_charset, |dir, cmd| {
    cmd.args(["form", "decode", "--charset", "shift_jis", "q=%82%B1%82%F1&x=%82"]);
    eqnice!("[[\"q\",\"こん\"],[\"x\",\"\u{FFFD}\"]]\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["form", "decode", "--charset", "windows-1251", "%CF%F0%E8=%EC%E8%F0"]);
    eqnice!("[[\"При\",\"мир\"]]\n", cmd.stdout());
});

clitest!(encode_transcripts, |dir, cmd| {
    cmd.args(["form", "encode"])
        .stdin("[[\"q\",\"a b&c\"],[\"n\",\"1\"]]\n{\"q\":\"€\",\"n\":2,\"ok\":true}\n\n[]\n");
    eqnice!("q=a+b%26c&n=1\nq=%E2%82%AC&n=2&ok=true\n\n\n", cmd.stdout());
    // --whole: the input is one JSON value, newlines and all.
    let mut cmd = dir.command();
    cmd.args(["form", "encode", "--whole"]).stdin("[\n  [\"a\", \"x y\"],\n  [\"b\", \"\"]\n]\n");
    eqnice!("a=x+y&b=\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["form", "encode", "--charset", "shift_jis", "{\"q\":\"こんにちは‽\"}"]);
    eqnice!("q=%82%B1%82%F1%82%C9%82%BF%82%CD%26%238253%3B\n", cmd.stdout());
});

clitest!(invalid_json_names_line_and_column, |dir, cmd| {
    cmd.args(["form", "encode"]).stdin("{\"a\":\"1\"}\n[[\"a\", 1],\n{}\n");
    cmd.expect(1, "a=1\n", "pctenc: line 2, column 10: invalid JSON: EOF while parsing a value\n");
    let mut cmd = dir.command();
    cmd.args(["form", "encode", "--whole"]).stdin("[\n  [\"a\", \"b\"]\n  [\"c\", \"d\"]\n]");
    cmd.expect(1, "", "pctenc: line 3, column 3: invalid JSON: expected `,` or `]`\n");
    let mut cmd = dir.command();
    cmd.args(["form", "encode", "[[\"a\"]]"]);
    cmd.expect(
        1,
        "",
        "pctenc: argument 1: expected an array of [name, value] arrays or an object, with strings, numbers or booleans as names and values\n",
    );
    let mut cmd = dir.command();
    cmd.args(["form", "decode", "--charset", "nope", "a"]);
    let out = cmd.output();
    assert_eq!(out.status.code(), Some(2));
});

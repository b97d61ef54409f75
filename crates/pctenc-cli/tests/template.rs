//! Transcripts of `pctenc template`, and the whole uritemplate-test suite
//! (`../shared/testdata/uritemplate-test/`) run through the command: each group's variables
//! written to a file and passed with `-i`, each case's template as the argument.

mod util;

use serde_json::Value;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/testdata/uritemplate-test");

/// Runs one file of the suite; returns (expansions passed, negative cases rejected).
fn run_file(file: &str) -> (usize, usize) {
    let dir = util::Dir::new(&format!("uritemplate_{}", file.replace(['-', '.'], "_")));
    let text = std::fs::read_to_string(format!("{DIR}/{file}"))
        .unwrap_or_else(|e| panic!("{DIR}/{file}: {e}"));
    let groups: serde_json::Map<String, Value> = serde_json::from_str(&text).unwrap();
    let (mut ok, mut negative) = (0, 0);
    for (n, (group, g)) in groups.iter().enumerate() {
        let vars = dir.create(&format!("vars{n}.json"), g["variables"].to_string());
        for case in g["testcases"].as_array().unwrap() {
            let template = case[0].as_str().unwrap();
            let mut cmd = dir.command();
            cmd.args(["template", "-i"]).args([&vars]).args(["--", template]);
            let out = cmd.output();
            let stdout = String::from_utf8(out.stdout).unwrap();
            let stderr = String::from_utf8(out.stderr).unwrap();
            match &case[1] {
                Value::Bool(false) => {
                    assert_eq!(
                        out.status.code(),
                        Some(1),
                        "{file} {group}: {template:?} must fail"
                    );
                    assert!(stdout.is_empty(), "{template:?}: {stdout}");
                    // "pctenc: WHAT at byte N", the template, a caret under byte N.
                    let lines: Vec<&str> = stderr.lines().collect();
                    assert_eq!(lines.len(), 3, "{template:?}: {stderr}");
                    let offset: usize = lines[0]
                        .rsplit_once(" at byte ")
                        .and_then(|(_, n)| n.parse().ok())
                        .unwrap_or_else(|| panic!("{template:?}: {stderr}"));
                    assert!(offset <= template.len(), "{template:?}: {stderr}");
                    assert_eq!(lines[1], format!("  {template}"), "{template:?}");
                    let column = template.get(..offset).map(|t| t.chars().count());
                    assert_eq!(
                        Some(lines[2]),
                        column.map(|c| format!("  {}^", " ".repeat(c))).as_deref(),
                        "{template:?}: {stderr}"
                    );
                    negative += 1;
                }
                expected => {
                    assert!(
                        out.status.success() && stderr.is_empty(),
                        "{file} {group}: {template:?}: {stderr}"
                    );
                    let got = stdout.strip_suffix('\n').unwrap_or_else(|| panic!("{stdout:?}"));
                    let fits = match expected {
                        Value::String(want) => got == want,
                        Value::Array(alternatives) => alternatives.iter().any(|a| a == got),
                        other => panic!("{file}: unknown expectation {other}"),
                    };
                    assert!(fits, "{file} {group}: {template:?} gave {got:?}, want {expected}");
                    ok += 1;
                }
            }
        }
    }
    println!("{file}: {ok} expansions passed, {negative} negative cases failed as required");
    (ok, negative)
}

#[test]
fn spec_examples() {
    assert_eq!(run_file("spec-examples.json"), (64, 0));
}

#[test]
fn spec_examples_by_section() {
    assert_eq!(run_file("spec-examples-by-section.json"), (117, 0));
}

#[test]
fn extended_tests() {
    assert_eq!(run_file("extended-tests.json"), (53, 0));
}

#[test]
fn negative_tests() {
    assert_eq!(run_file("negative-tests.json"), (0, 36));
}

clitest!(variables_as_arguments, |dir, cmd| {
    cmd.args(["template", "/search{?q,lang}", "q=a b&c", "lang=fr"]);
    eqnice!("/search?q=a%20b%26c&lang=fr\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["template", "{/path*}{?keys*}{&n}", r#"path=["a","b c"]"#, r#"keys={"k":"v"}"#]);
    eqnice!("/a/b%20c?k=v\n", cmd.stdout());
    // Not JSON: a string, brackets and all. Empty: a defined empty string.
    let mut cmd = dir.command();
    cmd.args(["template", "{x}/{?y}", "x=[a", "y="]);
    eqnice!("%5Ba/?y=\n", cmd.stdout());
});

clitest!(arguments_override_the_json_file, |dir, cmd| {
    dir.create("vars.json", r#"{"id": 42, "tags": ["x", "y"], "gone": "z"}"#);
    cmd.args(["template", "/items/{id}{?tags,gone}", "-i", "vars.json", "id=7"]);
    eqnice!("/items/7?tags=x,y&gone=z\n", cmd.stdout());
    let mut cmd = dir.command();
    cmd.args(["template", "{a}{?b}", "-i", "-"]).stdin(r#"{"a": true, "b": null}"#);
    eqnice!("true\n", cmd.stdout());
});

clitest!(template_errors_point_at_the_byte, |dir, cmd| {
    cmd.args(["template", "/x/{var:0}"]);
    cmd.expect(
        1,
        "",
        "pctenc: prefix length must be 1 to 9999 at byte 8\n  /x/{var:0}\n          ^\n",
    );
    let mut cmd = dir.command();
    cmd.args(["template", "{list:2}", r#"list=["a"]"#]);
    cmd.expect(
        1,
        "",
        "pctenc: a prefix modifier does not apply to a list or associative value at byte 1\n  {list:2}\n   ^\n",
    );
    let mut cmd = dir.command();
    cmd.args(["template", "é {x}"]);
    cmd.expect(
        1,
        "",
        "pctenc: character not allowed in a template literal at byte 2\n  é {x}\n   ^\n",
    );
});

clitest!(bad_variables, |dir, cmd| {
    cmd.args(["template", "{x}", "novalue"]);
    cmd.expect(2, "", "pctenc: 'novalue' is not a variable: expected NAME=VALUE\n");
    let mut cmd = dir.command();
    cmd.args(["template", "{x}", "-i", "-"]).stdin("{\"x\": [1,\n");
    cmd.expect(1, "", "pctenc: stdin: line 2, column 0: invalid JSON: EOF while parsing a value\n");
    let mut cmd = dir.command();
    cmd.args(["template", "{x}", "-i", "-"]).stdin("[1]");
    cmd.expect(1, "", "pctenc: stdin: expected a JSON object of variables\n");
    let mut cmd = dir.command();
    cmd.args(["template", "{x}", r#"x=[["nested"]]"#]);
    cmd.expect(
        1,
        "",
        "pctenc: variable x: list and associative array members must be strings, numbers or booleans\n",
    );
    let mut cmd = dir.command();
    cmd.args(["template", "{x}", "-i", "missing.json"]);
    cmd.expect(
        2,
        "",
        "pctenc: cannot read 'missing.json': No such file or directory (os error 2)\n",
    );
});

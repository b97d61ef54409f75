//! RFC 6570 URI Templates against the whole uritemplate-test suite
//! (`../shared/testdata/uritemplate-test/`): every case of the four files, the negative ones
//! included, which must fail with an error naming an offset inside the template.

use pctenc::template::{Template, Value, Vars};
use serde_json::Value as Json;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/testdata/uritemplate-test");

/// A JSON value as a template value (numbers as their JSON text, as the suite intends).
fn value(v: &Json) -> Option<Value> {
    let scalar = |v: &Json| match v {
        Json::String(s) => Some(s.clone()),
        Json::Number(n) => Some(n.to_string()),
        Json::Bool(b) => Some(b.to_string()),
        _ => None,
    };
    match v {
        Json::Null => None,
        Json::Array(items) => Some(Value::List(items.iter().filter_map(scalar).collect())),
        Json::Object(o) => Some(Value::Assoc(
            o.iter().filter_map(|(k, v)| Some((k.clone(), scalar(v)?))).collect(),
        )),
        other => scalar(other).map(Value::String),
    }
}

fn run_file(file: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(format!("{DIR}/{file}"))
        .unwrap_or_else(|e| panic!("{DIR}/{file}: {e}"));
    let groups: serde_json::Map<String, Json> = serde_json::from_str(&text).unwrap();
    let (mut ok, mut negative) = (0, 0);
    for (group, g) in &groups {
        let vars: Vars = g["variables"]
            .as_object()
            .unwrap()
            .iter()
            .filter_map(|(k, v)| Some((k.clone(), value(v)?)))
            .collect();
        for case in g["testcases"].as_array().unwrap() {
            let template = case[0].as_str().unwrap();
            let result = Template::parse(template).and_then(|t| t.expand(&vars));
            match &case[1] {
                Json::Bool(false) => {
                    let e = result.expect_err(&format!("{file} {group}: {template:?} must fail"));
                    assert!(e.offset() <= template.len(), "{template:?}: {e}");
                    assert!(e.to_string().contains(&format!("at byte {}", e.offset())));
                    negative += 1;
                }
                Json::String(want) => {
                    assert_eq!(
                        result.as_deref(),
                        Ok(want.as_str()),
                        "{file} {group}: {template:?}"
                    );
                    ok += 1;
                }
                Json::Array(alternatives) => {
                    let got = result.unwrap_or_else(|e| panic!("{template:?}: {e}"));
                    assert!(
                        alternatives.iter().any(|a| a.as_str() == Some(got.as_str())),
                        "{file} {group}: {template:?} gave {got:?}, want one of {alternatives:?}"
                    );
                    ok += 1;
                }
                other => panic!("{file}: unknown expectation {other}"),
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

#[test]
fn errors_name_the_offset() {
    let e = |t: &str| Template::parse(t).unwrap_err();
    assert_eq!(e("ab{x").offset(), 2);
    assert_eq!(e("a}b").offset(), 1);
    assert_eq!(e("{!x}").offset(), 1);
    assert_eq!(e("{x,y z}").offset(), 4);
    assert_eq!(e("{;keys:1*}").kind, pctenc::template::TemplateErrorKind::ExpectedCommaOrBrace);
    assert_eq!(e("a b").offset(), 1);
    // A `{` inside an expression: the offset is the inner `{`, not the expression's.
    assert_eq!(e("x{ab{c}").offset(), 4);
    assert_eq!(e("{{c}").offset(), 1);
    let mut vars = Vars::new();
    vars.insert("keys".into(), Value::Assoc(vec![("a".into(), "b".into())]));
    let e = Template::parse("x{+keys:1}").unwrap().expand(&vars).unwrap_err();
    assert_eq!(e.offset(), 3);
}

#[test]
fn negative_cases_fail_for_their_reason() {
    use pctenc::template::TemplateErrorKind::*;
    let text = std::fs::read_to_string(format!("{DIR}/negative-tests.json"))
        .unwrap_or_else(|e| panic!("{DIR}/negative-tests.json: {e}"));
    let data: Json = serde_json::from_str(&text).unwrap();
    let g = &data["Failure Tests"];
    let vars: Vars = g["variables"]
        .as_object()
        .unwrap()
        .iter()
        .filter_map(|(k, v)| Some((k.clone(), value(v)?)))
        .collect();
    let mut kinds = std::collections::BTreeMap::new();
    for case in g["testcases"].as_array().unwrap() {
        let t = case[0].as_str().unwrap();
        let e = Template::parse(t).and_then(|x| x.expand(&vars)).unwrap_err();
        *kinds.entry(format!("{:?}", e.kind)).or_insert(0) += 1;
        if t.contains("keys:1}") {
            assert_eq!(e.kind, PrefixOnComposite, "{t}");
        }
        if t.starts_with("{var:") {
            assert_eq!(e.kind, InvalidPrefix, "{t}");
        }
    }
    println!("negative cases by error: {kinds:?}");
}

#[test]
fn variables_are_listed_in_order() {
    let t = Template::parse("a{x}{+y,z*}b{w:3}").unwrap();
    assert_eq!(t.variables().collect::<Vec<_>>(), ["x", "y", "z", "w"]);
    assert_eq!(Template::parse("plain").unwrap().variables().count(), 0);
}

/// Literals (§2.1): a `%` must start a whole escape; the error says why and where.
#[test]
fn literal_errors_name_their_kind() {
    use pctenc::template::TemplateErrorKind as K;
    let e = |t: &str| Template::parse(t).unwrap_err();
    assert!(Template::parse("a%41b%2F").is_ok());
    for (t, at) in [("a%zz", 1), ("a%4z", 1), ("a%z4", 1), ("ab%4", 2), ("%", 0)] {
        assert_eq!((e(t).offset(), e(t).kind), (at, K::InvalidLiteral), "{t:?}");
    }
    assert_eq!((e("a}b").offset(), e("a}b").kind), (1, K::StrayCloseBrace));
    assert_eq!((e("a b").offset(), e("a b").kind), (1, K::InvalidLiteral));
    // A `%` in a name needs two hex digits after it (not the byte before it).
    assert_eq!((e("{a%z1}").offset(), e("{a%z1}").kind), (2, K::InvalidVarname));
    assert!(Template::parse("{a%41}").is_ok());
    for op in ["=", ",", "!", "@", "|"] {
        let t = format!("x{{{op}y}}");
        assert_eq!((e(&t).offset(), e(&t).kind), (2, K::ReservedOperator), "{t:?}");
    }
}

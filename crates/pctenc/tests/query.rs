//! Query strings as data (`pctenc::query`): the web-platform-tests data read through the
//! query parser and builder, and the column verbs proved to be the one-value verbs row by row
//! (random columns with nulls and sliced offsets, every named profile, every error policy).

use pctenc::batch::{BatchError, Offset, OnError, Output, RowError, Rows};
use pctenc::profile::{whatwg::FORM, ALL};
use pctenc::query::column::{self, PairRows};
use pctenc::query::{Builder, Input, Parser};
use pctenc::DecodeError;
use proptest::prelude::*;
use serde_json::Value;

fn load(name: &str) -> Value {
    let path = format!("{}/../../../shared/testdata/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

type Pairs = Vec<(String, String)>;

fn pairs(v: &Value) -> Pairs {
    let pair = |p: &Value| (p[0].as_str().unwrap().to_owned(), p[1].as_str().unwrap().to_owned());
    v.as_array().expect("pairs").iter().map(pair).collect()
}

/// The pairs of `value`, one value at a time.
fn scalar(p: &Parser, value: &[u8]) -> Result<Pairs, DecodeError> {
    p.pairs(value).map(|r| r.map(|(k, v)| (k.into_owned(), v.into_owned()))).collect()
}

/// Row `i` of a parsed column.
fn row_pairs<P: Offset>(out: &column::List<P, column::Pairs<P>>, i: usize) -> Pairs {
    let (a, b) = (out.offsets[i].to_usize().unwrap(), out.offsets[i + 1].to_usize().unwrap());
    let text = |o: &Output<P>, j: usize| String::from_utf8(o.row(j).to_vec()).unwrap();
    (a..b).map(|j| (text(&out.items.keys, j), text(&out.items.values, j))).collect()
}

/// A column of `rows` (offsets starting `skip` bytes in, as a sliced array's), with nulls.
struct Column {
    offsets: Vec<i32>,
    values: Vec<u8>,
    bits: Vec<u8>,
}

impl Column {
    fn new(rows: &[Vec<u8>], nulls: &[bool], skip: usize) -> Column {
        let mut values = vec![b'&'; skip];
        let mut offsets = vec![skip as i32];
        for r in rows {
            values.extend_from_slice(r);
            offsets.push(values.len() as i32);
        }
        values.extend_from_slice(b"?x=trailing");
        let mut bits = vec![0u8; (rows.len() + 3).div_ceil(8) + 1];
        for (i, &null) in nulls.iter().enumerate() {
            if !null {
                bits[(i + 3) / 8] |= 1 << ((i + 3) % 8);
            }
        }
        Column { offsets, values, bits }
    }

    fn rows(&self) -> Rows<'_, i32> {
        Rows::new(&self.offsets, &self.values).with_validity(&self.bits, 3)
    }
}

#[test]
fn wpt_urlencoded_parser_data() {
    let data = load("wpt/urlencoded-parser-data.json");
    let cases = data.as_array().unwrap();
    let p = Parser::new(FORM).input(Input::Form);
    let (mut offsets, mut values) = (vec![0i64], Vec::new());
    for case in cases {
        let input = case["input"].as_str().unwrap();
        assert_eq!(scalar(&p, input.as_bytes()).unwrap(), pairs(&case["output"]), "{input:?}");
        values.extend_from_slice(input.as_bytes());
        offsets.push(values.len() as i64);
    }
    // The same cases as one column.
    let out = column::parse::<i64, i32>(&p, &Rows::new(&offsets, &values), OnError::Raise).unwrap();
    for (i, case) in cases.iter().enumerate() {
        assert_eq!(row_pairs(&out, i), pairs(&case["output"]), "row {i}");
    }
    assert_eq!(cases.len(), 35);
}

#[test]
fn wpt_urlsearchparams_parse_serialize_reserialize() {
    let data = load("wpt/urlsearchparams-cases.json");
    // `query`: one leading '?' dropped, as the URLSearchParams constructor does.
    let p = Parser::new(FORM).input(Input::Query);
    let b = Builder::new(FORM).unwrap();
    for case in data["parse"].as_array().unwrap() {
        let input = case["input"].as_str().unwrap();
        assert_eq!(scalar(&p, input.as_bytes()).unwrap(), pairs(&case["pairs"]), "{input:?}");
    }
    for case in data["serialize"].as_array().unwrap() {
        let want = case["expected"].as_str().unwrap();
        assert_eq!(b.build(pairs(&case["pairs"])), want);
    }
    let cases = data["reserialize"].as_array().unwrap();
    for case in cases {
        let input = case["input"].as_str().unwrap();
        let got = b.build(scalar(&p, input.as_bytes()).unwrap());
        assert_eq!(got, case["expected"].as_str().unwrap(), "{input:?}");
    }
    assert_eq!(cases.len(), 11);
}

#[test]
fn form_input_is_the_form_parser() {
    // `form::parse` and the query parser under `form` are one split and one decoding.
    for input in ["", "a", "?a=b&&c=%zz+d&=e&f==g%FF", "%61+%4d%4D=", "a=b#c?d"] {
        let want: Pairs = pctenc::form::parse(input.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        assert_eq!(scalar(&Parser::new(FORM).input(Input::Form), input.as_bytes()).unwrap(), want);
    }
}

fn row_strategy() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..24),
        "[a-cq=&?#%0-9A-F+ é]{0,30}".prop_map(String::into_bytes),
        ("[a-z/:.]{0,8}", proptest::collection::vec("[aq]{1,2}(=[a-z%0-9+é]{0,6})?", 0..4))
            .prop_map(|(base, pairs)| format!("{base}?{}", pairs.join("&")).into_bytes()),
    ]
}

fn column_strategy() -> impl Strategy<Value = (Vec<Vec<u8>>, Vec<bool>, usize)> {
    (proptest::collection::vec((row_strategy(), any::<bool>()), 0..10), 0usize..3).prop_map(
        |(v, skip)| {
            let (rows, nulls) = v.into_iter().unzip();
            (rows, nulls, skip)
        },
    )
}

const INPUTS: [Input; 4] = [Input::Auto, Input::Url, Input::Query, Input::Form];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A parsed column is the one-value parse row by row, under every profile and policy.
    #[test]
    fn parse_is_the_scalar_parse((rows, nulls, skip) in column_strategy(), input in 0usize..4) {
        let col = Column::new(&rows, &nulls, skip);
        for profile in ALL {
            let p = Parser::new(profile).input(INPUTS[input]);
            let first_bad = rows.iter().zip(&nulls).enumerate().find_map(|(i, (r, &null))| {
                if null { return None; }
                scalar(&p, r).err().map(|e| (i, e))
            });
            match (column::parse::<i32, i32>(&p, &col.rows(), OnError::Raise), first_bad) {
                (Err(BatchError::Row { row, error, .. }), Some((i, e))) => {
                    prop_assert_eq!((row, error), (i, RowError::Decode(e)));
                }
                (Ok(_), None) => {}
                (got, want) => prop_assert!(false, "{}: {:?} vs {:?}", profile.name(), got.err(), want),
            }
            for policy in [OnError::Null, OnError::Keep, OnError::Replace] {
                let out = column::parse::<i32, i64>(&p, &col.rows(), policy).unwrap();
                prop_assert_eq!(out.len(), rows.len());
                for (i, r) in rows.iter().enumerate() {
                    if nulls[i] {
                        prop_assert!(!out.is_valid(i));
                        continue;
                    }
                    match (scalar(&p, r), policy) {
                        (Ok(want), _) => prop_assert_eq!(row_pairs(&out, i), want, "{} {}", profile.name(), i),
                        (Err(_), OnError::Null) => prop_assert!(!out.is_valid(i)),
                        (Err(_), OnError::Keep) => {
                            let raw: Pairs = p.raw_pairs(r).map(|q| {
                                (String::from_utf8_lossy(q.name).into_owned(), String::from_utf8_lossy(q.value).into_owned())
                            }).collect();
                            prop_assert_eq!(row_pairs(&out, i), raw);
                        }
                        (Err(_), _) => prop_assert_eq!(row_pairs(&out, i).len(), p.raw_pairs(r).count()),
                    }
                }
            }
        }
    }

    /// Picking a name is finding it among the parsed pairs (names that decode), and a column
    /// pick is the one-value pick row by row.
    #[test]
    fn pick_is_find_in_parse(
        (rows, nulls, skip) in column_strategy(),
        input in 0usize..4,
        key in prop_oneof![Just("q".to_string()), Just("a".to_string()), Just("\u{FFFD}".to_string()), "[aq é]{0,2}"],
    ) {
        let col = Column::new(&rows, &nulls, skip);
        for profile in ALL {
            let p = Parser::new(profile).input(INPUTS[input]);
            let first = column::first::<i32, i32>(&p, &col.rows(), &key, OnError::Null).unwrap();
            let all = column::all::<i32, i32>(&p, &col.rows(), &key, OnError::Null).unwrap();
            for (i, r) in rows.iter().enumerate() {
                if nulls[i] {
                    prop_assert!(!first.is_valid(i) && !all.is_valid(i));
                    continue;
                }
                // The values of `key` among the pairs whose name decodes.
                let lenient_names: Vec<Option<String>> = p.raw_pairs(r)
                    .map(|q| p.decode(q.name, q.name_at).ok().map(|n| n.into_owned()))
                    .collect();
                let values: Vec<Result<String, DecodeError>> = p.raw_pairs(r).zip(&lenient_names)
                    .filter(|(_, n)| n.as_deref() == Some(key.as_str()))
                    .map(|(q, _)| p.decode(q.value, q.value_at).map(|v| v.into_owned()))
                    .collect();
                let one = p.first(r, &key).map(|v| v.map(|v| v.into_owned()));
                prop_assert_eq!(&one, &values.first().cloned().transpose());
                match one {
                    Ok(Some(v)) => prop_assert_eq!(first.row(i), v.as_bytes()),
                    _ => prop_assert!(!first.is_valid(i)),
                }
                let every: Result<Vec<String>, _> = values.into_iter().collect();
                match every {
                    Ok(vs) => {
                        prop_assert!(all.is_valid(i));
                        let (a, b) = (all.offsets[i] as usize, all.offsets[i + 1] as usize);
                        let got: Vec<&[u8]> = (a..b).map(|j| all.items.row(j)).collect();
                        let want: Vec<&[u8]> = vs.iter().map(|v| v.as_bytes()).collect();
                        prop_assert_eq!(got, want);
                    }
                    Err(_) => prop_assert!(!all.is_valid(i)),
                }
            }
        }
    }

    /// Building then parsing gives the pairs back (form profile, form input).
    #[test]
    fn build_then_parse_round_trips(lists in proptest::collection::vec(
        proptest::option::of(proptest::collection::vec(("\\PC{0,6}", "\\PC{0,6}"), 0..4)), 0..8))
    {
        let (mut offsets, mut keys, mut values, mut bits) = (vec![0i32], (vec![0i32], Vec::new()), (vec![0i32], Vec::new()), vec![0u8; lists.len().div_ceil(8) + 1]);
        for (i, l) in lists.iter().enumerate() {
            for (k, v) in l.iter().flatten() {
                keys.1.extend_from_slice(k.as_bytes());
                keys.0.push(keys.1.len() as i32);
                values.1.extend_from_slice(v.as_bytes());
                values.0.push(values.1.len() as i32);
            }
            offsets.push(keys.0.len() as i32 - 1);
            if l.is_some() {
                bits[i / 8] |= 1 << (i % 8);
            }
        }
        let rows = PairRows::new(&offsets, Rows::new(&keys.0, &keys.1), Rows::new(&values.0, &values.1)).with_validity(&bits, 0);
        let b = Builder::new(FORM).unwrap();
        let out = column::build::<i32, i32, i64>(&b, &rows).unwrap();
        let p = Parser::new(FORM).input(Input::Form);
        for (i, l) in lists.iter().enumerate() {
            match l {
                None => prop_assert!(!out.is_valid(i)),
                Some(l) => {
                    let built = b.build(l.iter().map(|(k, v)| (k, v)));
                    prop_assert_eq!(out.row(i), built.as_bytes());
                    prop_assert_eq!(&scalar(&p, out.row(i)).unwrap(), l);
                }
            }
        }
    }
}

#[test]
fn build_leaves_out_null_names_and_values() {
    let keys = Rows::new(&[0i64, 1, 2, 3], b"abc");
    let bits = [0b101u8];
    let values = Rows::new(&[0i64, 1, 2, 3], b"123").with_validity(&bits, 0);
    let rows = PairRows::new(&[0i32, 3], keys, values);
    let out = column::build::<i32, i64, i32>(&Builder::new(FORM).unwrap(), &rows).unwrap();
    assert_eq!(out.values, b"a=1&c=3");
}

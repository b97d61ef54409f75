//! The bridge's modules form layers: each imports only from the layers below it, so no two
//! modules import each other and the tree reads top-down (a verb module never reaches back
//! into the dispatch that calls it). Each module's code (its `#[cfg(test)]` part and comments
//! excluded) is scanned for `crate::NAME` paths and `use crate::{...}` groups.

use std::collections::BTreeMap;

/// Module -> layer; a module may use only modules of a lower layer.
const LAYERS: &[(&str, u32)] = &[
    ("request", 0),
    ("utf16", 0),
    ("outcome", 1),
    ("charset", 2),
    ("check", 2),
    ("explain", 2),
    ("ops", 3),
    ("raw", 3),
    ("abi", 4),
    ("query", 4),
];

/// The modules `code` names through `crate::`.
fn uses(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        let group = rest.strip_prefix('{').map(|g| &g[..g.find('}').unwrap_or(g.len())]);
        let names: Vec<&str> = match group {
            Some(g) => g.split(',').map(|s| s.trim().split("::").next().unwrap_or("")).collect(),
            None => {
                vec![rest.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap_or("")]
            }
        };
        found.extend(names.into_iter().filter(|n| !n.is_empty()).map(String::from));
    }
    found
}

#[test]
fn each_module_uses_only_lower_layers() {
    let layers: BTreeMap<&str, u32> = LAYERS.iter().copied().collect();
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut modules: Vec<String> = std::fs::read_dir(src)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter_map(|f| f.strip_suffix(".rs").map(String::from))
        .filter(|m| m != "lib")
        .collect();
    modules.sort();
    let mut wrong = Vec::new();
    for m in &modules {
        let Some(&mine) = layers.get(m.as_str()) else {
            wrong.push(format!("{m}.rs has no layer in tests/layers.rs: give it one"));
            continue;
        };
        let text = std::fs::read_to_string(format!("{src}/{m}.rs")).unwrap();
        let code: String = text
            .split("#[cfg(test)]")
            .next()
            .unwrap()
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for used in uses(&code) {
            match layers.get(used.as_str()) {
                Some(&theirs) if theirs < mine => {}
                Some(&theirs) => {
                    wrong.push(format!("{m} (layer {mine}) uses {used} (layer {theirs})"))
                }
                None => {}
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(modules.len() >= LAYERS.len(), "a layered module is gone: {modules:?}");
}

#[test]
fn the_scan_sees_both_import_forms() {
    let u = uses("use crate::ops::{a, b};\nuse crate::{outcome::Outcome, request};\nx = crate::abi::slot(1);");
    assert_eq!(u, ["ops", "outcome", "request", "abi"]);
}

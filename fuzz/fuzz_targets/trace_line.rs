//! Fuzz target `trace_line`: arbitrary bytes as one line of a conformance
//! trace, read by the runner's strict reader
//! (`mancala_cli::conformance::parse_line`) and replayed
//! (`mancala_cli::conformance::replay_line`). Nothing may panic, and the
//! reader's answer is checked against a reference built from `serde_json`'s
//! lenient reader and a plain list of every object's entries:
//!
//! - invalid JSON is `LineError::Json`;
//! - JSON with a key twice in some object is `LineError::DuplicateKey` of
//!   such a key;
//! - otherwise a non-object is `NotAnObject`, an object with a key outside
//!   `TRACE_KEYS` is `UnknownKey` of such a key, and any other line is
//!   accepted as exactly the object `serde_json` reads.
//!
//! Lines whose options or start hold numbers above 64 are only read, not
//! replayed (large counts can make relays long).

#![no_main]

use std::collections::HashSet;

use libfuzzer_sys::fuzz_target;
use mancala_cli::conformance::{LineError, TRACE_KEYS, parse_line, replay_any, replay_line};
use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

/// Every object's entries as written, duplicates kept.
enum Raw {
    Scalar,
    List(Vec<Raw>),
    Object(Vec<(String, Raw)>),
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Raw, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Raw;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("JSON")
            }
            fn visit_bool<E>(self, _: bool) -> Result<Raw, E> {
                Ok(Raw::Scalar)
            }
            fn visit_i64<E>(self, _: i64) -> Result<Raw, E> {
                Ok(Raw::Scalar)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Raw, E> {
                Ok(Raw::Scalar)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Raw, E> {
                Ok(Raw::Scalar)
            }
            fn visit_str<E>(self, _: &str) -> Result<Raw, E> {
                Ok(Raw::Scalar)
            }
            fn visit_unit<E>(self) -> Result<Raw, E> {
                Ok(Raw::Scalar)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Raw, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(Raw::List(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Raw, A::Error> {
                let mut entries = Vec::new();
                while let Some((k, v)) = map.next_entry()? {
                    entries.push((k, v));
                }
                Ok(Raw::Object(entries))
            }
        }
        d.deserialize_any(V)
    }
}

/// Every key that some object of `raw` names twice.
fn duplicated(raw: &Raw, out: &mut HashSet<String>) {
    match raw {
        Raw::Scalar => {}
        Raw::List(items) => items.iter().for_each(|i| duplicated(i, out)),
        Raw::Object(entries) => {
            let mut keys: Vec<&String> = entries.iter().map(|(k, _)| k).collect();
            keys.sort();
            for pair in keys.windows(2) {
                if pair[0] == pair[1] {
                    out.insert(pair[0].clone());
                }
            }
            entries.iter().for_each(|(_, v)| duplicated(v, out));
        }
    }
}

/// Whether `value` holds a number above 64.
fn large(value: &Value) -> bool {
    match value {
        Value::Number(n) => n.as_u64().is_none_or(|n| n > 64),
        Value::Array(items) => items.iter().any(large),
        Value::Object(map) => map.values().any(large),
        _ => false,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = parse_line(line);
    let lenient = serde_json::from_str::<Value>(line);
    let raw = serde_json::from_str::<Raw>(line);
    // serde_json reads the same text the same way whatever the target type.
    assert_eq!(lenient.is_ok(), raw.is_ok(), "{line:?}");
    let _ = serde_json::from_str::<IgnoredAny>(line);
    match (lenient, raw) {
        (Err(_), _) | (_, Err(_)) => {
            assert!(
                matches!(parsed, Err(LineError::Json(_))),
                "{line:?}: {parsed:?}"
            );
        }
        (Ok(value), Ok(raw)) => {
            let mut twice = HashSet::new();
            duplicated(&raw, &mut twice);
            if !twice.is_empty() {
                match &parsed {
                    Err(LineError::DuplicateKey(k)) => assert!(twice.contains(k), "{line:?}: {k}"),
                    other => panic!("{line:?}: keys {twice:?} twice, read as {other:?}"),
                }
                return;
            }
            match value {
                Value::Object(map) => {
                    let unknown: Vec<&String> = map
                        .keys()
                        .filter(|k| !TRACE_KEYS.contains(&k.as_str()))
                        .collect();
                    if unknown.is_empty() {
                        assert_eq!(parsed.as_ref(), Ok(&map), "{line:?}");
                    } else {
                        match &parsed {
                            Err(LineError::UnknownKey(k)) => {
                                assert!(unknown.contains(&k), "{line:?}")
                            }
                            other => panic!("{line:?}: unknown {unknown:?}, read as {other:?}"),
                        }
                    }
                }
                _ => assert_eq!(parsed, Err(LineError::NotAnObject), "{line:?}"),
            }
        }
    }
    // A line the reader refuses is a failure of the runner, with its message.
    if let Err(e) = &parsed {
        let failure = replay_line(line).expect_err("a refused line fails");
        assert_eq!(failure.message, e.to_string());
        return;
    }
    let Ok(trace) = parsed else { return };
    if [trace.get("options"), trace.get("start")]
        .into_iter()
        .flatten()
        .any(large)
    {
        return;
    }
    let direct = replay_any(&trace);
    assert_eq!(replay_line(line), direct, "{line:?}");
});

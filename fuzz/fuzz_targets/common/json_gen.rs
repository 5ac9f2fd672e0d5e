//! Inputs of the JSON targets of the sowing games (`numercy_json`,
//! `mankka_json`): the text as it is, or a structured setup drawn from the
//! input, serialized, with a few bytes overwritten.

#![allow(dead_code)] // each target uses what it needs

use arbitrary::Unstructured;
use mancala_core::{Player, history::SeenPosition, rules::MAX_PLAYERS};

/// Any player a `Player` can name, playing or not.
pub fn player(u: &mut Unstructured<'_>) -> arbitrary::Result<Player> {
    Ok(Player::new(u.int_in_range(0..=MAX_PLAYERS - 1)?).unwrap_or_default())
}

/// `len` counts (now and then one more or one fewer), mostly at most
/// `small`, sometimes any.
pub fn counts(u: &mut Unstructured<'_>, len: usize, small: u16) -> arbitrary::Result<Vec<u16>> {
    let len = match u.int_in_range(0..=15u8)? {
        0 => len + 1,
        1 => len.saturating_sub(1),
        _ => len,
    };
    (0..len)
        .map(|_| {
            if u.ratio(1, 32)? {
                u.arbitrary()
            } else {
                u.int_in_range(0..=small)
            }
        })
        .collect()
}

/// A number near 0 or `u64::MAX`, or any.
pub fn near_edges(u: &mut Unstructured<'_>) -> arbitrary::Result<u64> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 | 1 => u.int_in_range(0..=40)?,
        2 => u64::MAX - u.int_in_range(0..=3)?,
        _ => u.arbitrary()?,
    })
}

/// Up to three remembered positions of `len` holes (lengths now and then
/// off by one).
pub fn history(
    u: &mut Unstructured<'_>,
    len: usize,
    small: u16,
) -> arbitrary::Result<Vec<SeenPosition>> {
    (0..u.int_in_range(0..=3u8)?)
        .map(|_| {
            Ok(SeenPosition {
                board: counts(u, len, small)?,
                to_move: player(u)?,
            })
        })
        .collect()
}

/// A work budget field written into a drawn setup's JSON: the budget is
/// the caller's (`mancala_core::Budget`), never the JSON's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BudgetField {
    /// None written.
    None,
    /// `max_laps` in the setup's rules or options object (the field of
    /// earlier versions): `Rules` ignore unknown fields, the games' options
    /// refuse them.
    Inner,
    /// `max_laps` or `budget` beside the setup's own fields, which refuse
    /// unknown ones.
    Top,
}

/// The JSON text to read, and what it was drawn from.
pub struct Input<T> {
    /// The text.
    pub text: String,
    /// The value drawn, when `text` is exactly its serialization (with
    /// `field` written in), no byte overwritten.
    pub exact: Option<T>,
    /// The budget field written in, if any.
    pub field: BudgetField,
}

/// The JSON text to read from `data`: its first byte even, the rest as it
/// is; odd, `draw` from the rest, serialized, now and then with a work
/// budget field written into the object `inner` (bits 1 and 2 of the first
/// byte) or beside its fields, and with up to 7 bytes overwritten (the
/// first byte's top three bits).
pub fn input<T: serde::Serialize>(
    data: &[u8],
    inner: &str,
    draw: impl FnOnce(&mut Unstructured<'_>) -> arbitrary::Result<T>,
) -> Option<Input<T>> {
    let (&mode, rest) = data.split_first()?;
    if mode & 1 == 0 {
        return Some(Input {
            text: String::from_utf8_lossy(rest).into_owned(),
            exact: None,
            field: BudgetField::None,
        });
    }
    let mut u = Unstructured::new(rest);
    let value = draw(&mut u).ok()?;
    let mut json = serde_json::to_value(&value).ok()?;
    let budget = match u.int_in_range(0..=5u8).ok()? {
        0 => serde_json::Value::Null,
        1 => 0.into(),
        2 => u64::MAX.into(),
        3 => 1_000_000.into(),
        4 => "none".into(),
        _ => (-1).into(),
    };
    let field = match (mode >> 1) & 3 {
        0 => BudgetField::None,
        1 => {
            let object = json.get_mut(inner)?.as_object_mut()?;
            object.insert("max_laps".into(), budget);
            BudgetField::Inner
        }
        top => {
            let key = if top == 2 { "max_laps" } else { "budget" };
            json.as_object_mut()?.insert(key.into(), budget);
            BudgetField::Top
        }
    };
    let mut bytes = serde_json::to_vec(&json).ok()?;
    let mut overwritten = false;
    for _ in 0..mode >> 5 {
        let (Ok(at), Ok(byte)) = (u.arbitrary::<u16>(), u.arbitrary::<u8>()) else {
            break;
        };
        if !bytes.is_empty() {
            let at = usize::from(at) % bytes.len();
            overwritten |= bytes[at] != byte;
            bytes[at] = byte;
        }
    }
    Some(Input {
        text: String::from_utf8_lossy(&bytes).into_owned(),
        exact: (!overwritten).then_some(value),
        field,
    })
}

/// Whether `text` is a JSON object whose object `inner` has a `max_laps`
/// field.
pub fn has_inner_budget(text: &str, inner: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|json| json.get(inner)?.get("max_laps").cloned())
        .is_some()
}

/// The work budget an accepted state is played under by a JSON target
/// (read under `Budget::DEFAULT`, it is then played under a small budget,
/// so that the harness, which plays every candidate move, stays fast):
/// up to 20,400 seeds a call, from the input's last byte.
pub fn play_budget(data: &[u8]) -> mancala_core::Budget {
    mancala_core::Budget::seeds(u64::from(data.last().copied().unwrap_or(0)) * 80)
}

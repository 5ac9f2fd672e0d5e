//! Inputs of the JSON targets of the sowing games (`numercy_json`,
//! `mankka_json`): the text as it is, or a structured setup drawn from the
//! input, serialized, with a few bytes overwritten.

#![allow(dead_code)] // each target uses what it needs

use arbitrary::Unstructured;
use mancala_core::{MAX_PLAYERS, Player, SeenPosition};

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

/// The JSON text to read from `data`: its first byte even, the rest as it
/// is; odd, `draw` from the rest, serialized, with up to 7 bytes
/// overwritten (the first byte's top three bits).
pub fn text<T: serde::Serialize>(
    data: &[u8],
    draw: impl FnOnce(&mut Unstructured<'_>) -> arbitrary::Result<T>,
) -> Option<String> {
    let (&mode, rest) = data.split_first()?;
    if mode & 1 == 0 {
        return Some(String::from_utf8_lossy(rest).into_owned());
    }
    let mut u = Unstructured::new(rest);
    let value = draw(&mut u).ok()?;
    let mut bytes = serde_json::to_vec(&value).ok()?;
    for _ in 0..mode >> 5 {
        let (Ok(at), Ok(byte)) = (u.arbitrary::<u16>(), u.arbitrary::<u8>()) else {
            break;
        };
        if !bytes.is_empty() {
            let at = usize::from(at) % bytes.len();
            bytes[at] = byte;
        }
    }
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

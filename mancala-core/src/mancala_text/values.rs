//! The text of each rule value that is more than a word or a number: a
//! capture, a sweep, a set of counts, a start, restricted first moves, a
//! layout (the options text of [`Rules`](crate::Rules) reads and writes
//! them through these).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::capture::{Capture, ChainLimit, CountSet, Zone};
use crate::notation::{self, OptionError, OptionWords, option_bool, option_choice, option_number};
use crate::player::Player;
use crate::rules::{FirstMoves, Start, Sweep};
use crate::topology::{Layout, MAX_ROWS};

pub(super) fn capture_text(capture: Capture) -> String {
    match capture {
        Capture::None => "none".into(),
        Capture::Opposite {
            zone: Zone::Own,
            take_lone: true,
            ..
        } => "opposite".into(),
        Capture::Opposite {
            zone, take_lone, ..
        } => format!(
            "opposite:{}:{}",
            zone.word(),
            if take_lone { "take" } else { "stay" }
        ),
        Capture::Chain {
            zone,
            counts,
            same_count,
            limit,
            opposites,
        } => {
            format!(
                "chain:{}:{}:{}:{}{}",
                zone.word(),
                count_list(counts),
                if same_count { "same" } else { "mixed" },
                limit.word(),
                if opposites { ":opposites" } else { "" }
            )
        }
        Capture::Facing { zone, counts } => {
            format!("facing:{}:{}", zone.word(), count_list(counts))
        }
        Capture::PastEmpty => "past-empty".into(),
    }
}

/// A count set as its `.`-separated counts (`2.3`; empty for none).
fn count_list(counts: CountSet) -> String {
    let list: Vec<String> = (0..64u16)
        .filter(|&c| counts.contains(c))
        .map(|c| c.to_string())
        .collect();
    list.join(".")
}

/// A sweep's text: `none`, or `ZONE:COUNTS` (its other parts are keys of
/// their own).
pub(super) fn sweep_text(sweep: Sweep) -> String {
    if sweep.zone == Sweep::NONE.zone && sweep.counts.is_empty() {
        return "none".into();
    }
    format!("{}:{}", sweep.zone.word(), count_list(sweep.counts))
}

/// Reads a sweep's zone and counts (`none`, `ZONE:COUNTS`) into `sweep`.
pub(super) fn parse_sweep(key: &str, value: &str, sweep: &mut Sweep) -> Result<(), OptionError> {
    const EXPECTED: &str = "none or ZONE:COUNTS";
    let bad = |_| OptionError::bad_value(key, value, EXPECTED);
    let (zone, counts) = match value.split(':').collect::<Vec<_>>()[..] {
        ["none"] => (Sweep::NONE.zone, CountSet::EMPTY),
        [zone, counts] => (
            Zone::from_word(key, zone).map_err(bad)?,
            parse_count_set(key, counts).map_err(bad)?,
        ),
        _ => return Err(OptionError::bad_value(key, value, EXPECTED)),
    };
    sweep.zone = zone;
    sweep.counts = counts;
    Ok(())
}

pub(super) fn parse_capture(key: &str, value: &str) -> Result<Capture, OptionError> {
    const EXPECTED: &str = "none, opposite, opposite:ZONE:take|stay, chain:ZONE:COUNTS:same|mixed:LIMIT[:opposites], facing:ZONE:COUNTS or past-empty";
    let bad = |_| OptionError::bad_value(key, value, EXPECTED);
    let parts: Vec<&str> = value.split(':').collect();
    match parts[..] {
        ["none"] => Ok(Capture::None),
        ["past-empty"] => Ok(Capture::PastEmpty),
        ["facing", zone, counts] => Ok(Capture::Facing {
            zone: Zone::from_word(key, zone).map_err(bad)?,
            counts: parse_count_set(key, counts).map_err(bad)?,
        }),
        ["opposite"] => Ok(Capture::Opposite {
            require_opposite: true,
            zone: Zone::Own,
            take_lone: true,
        }),
        ["opposite", zone, lone] => Ok(Capture::Opposite {
            require_opposite: true,
            zone: Zone::from_word(key, zone).map_err(bad)?,
            take_lone: option_choice(key, lone, &["stay", "take"], EXPECTED).map_err(bad)? == 1,
        }),
        ["chain", zone, counts, kind, limit, ref more @ ..] if more.len() <= 1 => {
            Ok(Capture::Chain {
                zone: Zone::from_word(key, zone).map_err(bad)?,
                counts: parse_count_set(key, counts).map_err(bad)?,
                same_count: option_choice(key, kind, &["mixed", "same"], EXPECTED).map_err(bad)?
                    == 1,
                limit: ChainLimit::from_word(key, limit).map_err(bad)?,
                opposites: match more {
                    [] => false,
                    [word] => option_choice(key, word, &["opposites"], EXPECTED).map(|_| true)?,
                    _ => return Err(OptionError::bad_value(key, value, EXPECTED)),
                },
            })
        }
        _ => Err(OptionError::bad_value(key, value, EXPECTED)),
    }
}

/// A capture's counts, `2.3` (none: empty), each below 64.
fn parse_count_set(key: &str, counts: &str) -> Result<CountSet, OptionError> {
    let mut set = CountSet::EMPTY;
    for c in counts.split('.').filter(|_| !counts.is_empty()) {
        let c: u16 = option_number(key, c)?;
        if c >= 64 {
            return Err(OptionError::bad_value(key, counts, "counts below 64"));
        }
        set = set.with(c);
    }
    Ok(set)
}

/// `start_moves`: `none`, or up to [`START_MOVES`](crate::rules::START_MOVES) `FROM>TO` moves
/// separated by `,`.
pub(super) fn parse_start(key: &str, value: &str) -> Result<Start, OptionError> {
    const EXPECTED: &str = "none or up to four FROM>TO moves separated by `,`";
    let bad = || OptionError::bad_value(key, value, EXPECTED);
    let mut start = Start::UNIFORM;
    if value == "none" {
        return Ok(start);
    }
    for (i, word) in value.split(',').enumerate() {
        let (from, to) = word.split_once('>').ok_or_else(bad)?;
        let hole = |h: &str| option_number::<u8>(key, h).map_err(|_| bad());
        *start.moved.get_mut(i).ok_or_else(bad)? = Some((hole(from)?, hole(to)?));
    }
    Ok(start)
}

pub(super) fn start_text(start: Start) -> String {
    if start.is_uniform() {
        return "none".into();
    }
    let moves: Vec<String> = start.moves().map(|(f, t)| format!("{f}>{t}")).collect();
    moves.join(",")
}

/// `first_moves`: `none`, or `MOVES:HOLES`.
pub(super) fn parse_first_moves(key: &str, value: &str) -> Result<FirstMoves, OptionError> {
    const EXPECTED: &str = "none or MOVES:HOLES";
    if value == "none" {
        return Ok(FirstMoves::NONE);
    }
    let bad = |_| OptionError::bad_value(key, value, EXPECTED);
    let (moves, last_holes) = value
        .split_once(':')
        .ok_or_else(|| OptionError::bad_value(key, value, EXPECTED))?;
    Ok(FirstMoves {
        moves: option_number(key, moves).map_err(bad)?,
        last_holes: option_number(key, last_holes).map_err(bad)?,
    })
}

pub(super) fn first_moves_text(first: FirstMoves) -> String {
    if first == FirstMoves::NONE {
        return "none".into();
    }
    format!("{}:{}", first.moves, first.last_holes)
}

pub(super) fn parse_layout(key: &str, value: &str) -> Result<Layout, OptionError> {
    let bad = || OptionError::bad_value(key, value, "ROW_LENGTH:OWNER,OWNER,...");
    let (len, owners) = value.split_once(':').ok_or_else(bad)?;
    let len: u8 = option_number(key, len).map_err(|_| bad())?;
    let mut list = [Player::P0; MAX_ROWS];
    let mut rows = 0;
    for o in owners.split(',') {
        let p = notation::parse_player("owner", o).map_err(|_| bad())?;
        *list.get_mut(rows).ok_or_else(bad)? = p;
        rows += 1;
    }
    Ok(Layout::new(len, &list[..rows]))
}

pub(super) fn layout_text(layout: &Layout) -> String {
    let owners: Vec<String> = layout
        .row_owners()
        .iter()
        .map(|p| p.index().to_string())
        .collect();
    format!("{}:{}", layout.row_len, owners.join(","))
}

/// `empty_capture`: whether an opposite capture takes a lone seed from
/// an empty file too (an option of `capture=opposite` only).
pub(super) fn set_empty_capture(
    capture: &mut Capture,
    key: &str,
    value: &str,
) -> Result<(), OptionError> {
    let take_empty = option_bool(key, value)?;
    match capture {
        Capture::Opposite {
            require_opposite, ..
        } => *require_opposite = !take_empty,
        _ => {
            return Err(OptionError::bad_value(
                key,
                value,
                "an option of capture=opposite",
            ));
        }
    }
    Ok(())
}

//! The text form of [`RoundRules`]: a preset's name, or every field as
//! `key=value` words joined by `,` (one word, so that a position's text
//! holds it as `rules=...`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::topology::{Direction, StoreSide};

use super::rules::{
    CountTake, FillOrder, LoneSeed, MatchEnd, PartialFill, RoundEnd, RoundRelay, RoundRules,
    SownStores,
};

/// Why a text is not [`RoundRules`].
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("`{0}` is not the name of a round game nor its rules as key=value words joined by `,`")]
pub struct RoundRulesTextError(pub String);

/// Each field's key and value words, in the order the text writes them.
fn words(r: &RoundRules) -> Vec<(&'static str, String)> {
    let pick = |b: bool, yes: &str, no: &str| String::from(if b { yes } else { no });
    let count_take = match r.count_take {
        None => String::from("none"),
        Some(t) => {
            let flags: String = [
                (t.opponent_row, 'r'),
                (t.open_only, 'o'),
                (t.neighbours, 'n'),
            ]
            .iter()
            .filter(|(on, _)| *on)
            .map(|&(_, c)| c)
            .collect();
            format!("{}:{flags}", t.counts)
        }
    };
    alloc::vec![
        ("houses", format!("{}", r.houses)),
        ("seeds", format!("{}", r.seeds)),
        (
            "direction",
            pick(r.direction == Direction::Clockwise, "cw", "ccw")
        ),
        (
            "store_side",
            pick(r.store_side == StoreSide::Left, "left", "right")
        ),
        (
            "stores",
            String::from(match r.stores {
                SownStores::None => "none",
                SownStores::Own => "own",
                SownStores::Both => "both",
            })
        ),
        ("store_again", format!("{}", r.store_again)),
        ("skip_closed", format!("{}", r.skip_closed)),
        (
            "relay",
            String::from(match r.relay {
                RoundRelay::Never => "never",
                RoundRelay::Occupied => "occupied",
                RoundRelay::OccupiedNotFour => "occupied-not-four",
                RoundRelay::OpponentRowOrChoice => "opponent-row-or-choice",
            })
        ),
        (
            "lone",
            String::from(match r.lone {
                LoneSeed::Nothing => "nothing",
                LoneSeed::TakeOppositeOwnRow => "take-opposite-own-row",
                LoneSeed::TakeOpposite => "take-opposite",
                LoneSeed::TakeNext => "take-next",
            })
        ),
        ("count_take", count_take),
        ("fours", format!("{}", r.fours)),
        (
            "reopen_at",
            r.reopen_at
                .map_or_else(|| String::from("none"), |n| format!("{n}"))
        ),
        (
            "round_end",
            String::from(match r.round_end {
                RoundEnd::BoardEmpty => "board-empty",
                RoundEnd::RowEmpty => "row-empty",
                RoundEnd::NoOpenSeeds => "no-open-seeds",
            })
        ),
        (
            "match_end",
            match r.match_end {
                MatchEnd::StoreBelow(n) => format!("below:{n}"),
                MatchEnd::MoverHoldsAllBut(n) => format!("all-but:{n}"),
            }
        ),
        (
            "fill_order",
            String::from(match r.fill_order {
                FillOrder::Any => "any",
                FillOrder::Leftmost => "leftmost",
                FillOrder::Rightmost => "rightmost",
            })
        ),
        (
            "partial",
            String::from(match r.partial {
                PartialFill::None => "none",
                PartialFill::Open => "open",
                PartialFill::Closed => "closed",
            })
        ),
        ("refill_ends_full", format!("{}", r.refill_ends_full)),
        ("closes", format!("{}", r.closes)),
        ("other_fills_first", format!("{}", r.other_fills_first)),
    ]
}

/// A preset's name, or every field: `houses=6,seeds=4,direction=ccw,...`.
///
/// # Examples
///
/// ```
/// use mancala_core::rounds::RoundRules;
///
/// assert_eq!(RoundRules::khrour().to_string(), "khrour");
/// let mut rules = RoundRules::khrour();
/// rules.houses = 3;
/// let text = rules.to_string();
/// assert!(text.starts_with("houses=3,seeds=4,direction=ccw,"));
/// assert_eq!(text.parse::<RoundRules>(), Ok(rules));
/// assert_eq!("dakon".parse::<RoundRules>(), Ok(RoundRules::dakon()));
/// ```
impl fmt::Display for RoundRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = self.name() {
            return f.write_str(name);
        }
        for (i, (key, value)) in words(self).iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{key}={value}")?;
        }
        Ok(())
    }
}

impl FromStr for RoundRules {
    type Err = RoundRulesTextError;

    fn from_str(text: &str) -> Result<RoundRules, RoundRulesTextError> {
        if let Some(rules) = RoundRules::named(text) {
            return Ok(rules);
        }
        let bad = || RoundRulesTextError(String::from(text));
        let mut rules = RoundRules::sungka();
        let pairs: Vec<(&str, &str)> = text
            .split(',')
            .map(|pair| pair.split_once('=').ok_or_else(bad))
            .collect::<Result<_, _>>()?;
        // Every field, each once, in the text's order.
        let keys: Vec<&str> = words(&rules).iter().map(|&(k, _)| k).collect();
        let given: Vec<&str> = pairs.iter().map(|&(k, _)| k).collect();
        if given != keys {
            return Err(bad());
        }
        for (key, value) in pairs {
            set(&mut rules, key, value).ok_or_else(bad)?;
        }
        Ok(rules)
    }
}

/// Sets one field from its value word; `None` for a word it does not take.
fn set(r: &mut RoundRules, key: &str, value: &str) -> Option<()> {
    let flag = |v: &str| match v {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    };
    match key {
        "houses" => r.houses = value.parse().ok()?,
        "seeds" => r.seeds = value.parse().ok()?,
        "direction" => {
            r.direction = match value {
                "cw" => Direction::Clockwise,
                "ccw" => Direction::CounterClockwise,
                _ => return None,
            }
        }
        "store_side" => {
            r.store_side = match value {
                "left" => StoreSide::Left,
                "right" => StoreSide::Right,
                _ => return None,
            }
        }
        "stores" => {
            r.stores = match value {
                "none" => SownStores::None,
                "own" => SownStores::Own,
                "both" => SownStores::Both,
                _ => return None,
            }
        }
        "store_again" => r.store_again = flag(value)?,
        "skip_closed" => r.skip_closed = flag(value)?,
        "relay" => {
            r.relay = match value {
                "never" => RoundRelay::Never,
                "occupied" => RoundRelay::Occupied,
                "occupied-not-four" => RoundRelay::OccupiedNotFour,
                "opponent-row-or-choice" => RoundRelay::OpponentRowOrChoice,
                _ => return None,
            }
        }
        "lone" => {
            r.lone = match value {
                "nothing" => LoneSeed::Nothing,
                "take-opposite-own-row" => LoneSeed::TakeOppositeOwnRow,
                "take-opposite" => LoneSeed::TakeOpposite,
                "take-next" => LoneSeed::TakeNext,
                _ => return None,
            }
        }
        "count_take" => {
            r.count_take = match value.split_once(':') {
                None if value == "none" => None,
                Some((counts, flags)) if flags.chars().all(|c| "ron".contains(c)) => {
                    let canonical: String = "ron".chars().filter(|&c| flags.contains(c)).collect();
                    if canonical != flags {
                        return None;
                    }
                    Some(CountTake {
                        counts: counts.parse().ok()?,
                        opponent_row: flags.contains('r'),
                        open_only: flags.contains('o'),
                        neighbours: flags.contains('n'),
                    })
                }
                _ => return None,
            }
        }
        "fours" => r.fours = flag(value)?,
        "reopen_at" => {
            r.reopen_at = match value {
                "none" => None,
                n => Some(n.parse().ok()?),
            }
        }
        "round_end" => {
            r.round_end = match value {
                "board-empty" => RoundEnd::BoardEmpty,
                "row-empty" => RoundEnd::RowEmpty,
                "no-open-seeds" => RoundEnd::NoOpenSeeds,
                _ => return None,
            }
        }
        "match_end" => {
            r.match_end = match value.split_once(':')? {
                ("below", n) => MatchEnd::StoreBelow(n.parse().ok()?),
                ("all-but", n) => MatchEnd::MoverHoldsAllBut(n.parse().ok()?),
                _ => return None,
            }
        }
        "fill_order" => {
            r.fill_order = match value {
                "any" => FillOrder::Any,
                "leftmost" => FillOrder::Leftmost,
                "rightmost" => FillOrder::Rightmost,
                _ => return None,
            }
        }
        "partial" => {
            r.partial = match value {
                "none" => PartialFill::None,
                "open" => PartialFill::Open,
                "closed" => PartialFill::Closed,
                _ => return None,
            }
        }
        "refill_ends_full" => r.refill_ends_full = flag(value)?,
        "closes" => r.closes = flag(value)?,
        "other_fills_first" => r.other_fills_first = flag(value)?,
        _ => return None,
    }
    Some(())
}

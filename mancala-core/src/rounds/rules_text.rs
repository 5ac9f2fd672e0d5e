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

/// The words of an enum's values.
type Words<T> = [(T, &'static str)];

/// Declares each enum's table of words, a line an enum.
macro_rules! tables {
    ($($name:ident: $ty:ident = [$($v:ident $w:literal),* $(,)?];)*) => {
        $(const $name: &Words<$ty> = &[$(($ty::$v, $w)),*];)*
    };
}

tables! {
    DIRECTIONS: Direction = [CounterClockwise "ccw", Clockwise "cw"];
    SIDES: StoreSide = [Left "left", Right "right"];
    STORES: SownStores = [None "none", Own "own", Both "both"];
    RELAYS: RoundRelay = [Never "never", Occupied "occupied", OccupiedNotFour "occupied-not-four", OpponentRowOrChoice "opponent-row-or-choice"];
    LONES: LoneSeed = [Nothing "nothing", TakeOppositeOwnRow "take-opposite-own-row", TakeOpposite "take-opposite", TakeNext "take-next"];
    ROUND_ENDS: RoundEnd = [BoardEmpty "board-empty", RowEmpty "row-empty", NoOpenSeeds "no-open-seeds"];
    ORDERS: FillOrder = [Any "any", Leftmost "leftmost", Rightmost "rightmost"];
    PARTIALS: PartialFill = [None "none", Open "open", Closed "closed"];
}

/// The word of `value` in `table`.
fn word<T: PartialEq>(table: &Words<T>, value: T) -> String {
    let found = table.iter().find(|(v, _)| *v == value);
    String::from(found.map_or("?", |&(_, w)| w))
}

/// The value of `text` in `table`.
fn value<T: Copy>(table: &Words<T>, text: &str) -> Option<T> {
    table.iter().find(|&&(_, w)| w == text).map(|&(v, _)| v)
}

/// The count capture's word: `none`, or its counts' bits and flags
/// (`r` the opponent's row only, `o` open holes only, `n` neighbours).
fn count_take_word(take: Option<CountTake>) -> String {
    let Some(t) = take else {
        return String::from("none");
    };
    let flags = [
        (t.opponent_row, 'r'),
        (t.open_only, 'o'),
        (t.neighbours, 'n'),
    ];
    let flags: String = flags
        .iter()
        .filter(|(on, _)| *on)
        .map(|&(_, c)| c)
        .collect();
    format!("{}:{flags}", t.counts)
}

/// Reads a count capture's word.
fn count_take_value(text: &str) -> Option<Option<CountTake>> {
    if text == "none" {
        return Some(None);
    }
    let (counts, flags) = text.split_once(':')?;
    let canonical: String = "ron".chars().filter(|&c| flags.contains(c)).collect();
    (canonical == flags).then_some(())?;
    Some(Some(CountTake {
        counts: counts.parse().ok()?,
        opponent_row: flags.contains('r'),
        open_only: flags.contains('o'),
        neighbours: flags.contains('n'),
    }))
}

/// Each field's key and value word, in the order the text writes them.
fn words(r: &RoundRules) -> Vec<(&'static str, String)> {
    let match_end = match r.match_end {
        MatchEnd::StoreBelow(n) => format!("below:{n}"),
        MatchEnd::MoverHoldsAllBut(n) => format!("all-but:{n}"),
    };
    let reopen = r
        .reopen_at
        .map_or_else(|| String::from("none"), |n| format!("{n}"));
    alloc::vec![
        ("houses", format!("{}", r.houses)),
        ("seeds", format!("{}", r.seeds)),
        ("direction", word(DIRECTIONS, r.direction)),
        ("store_side", word(SIDES, r.store_side)),
        ("stores", word(STORES, r.stores)),
        ("store_again", format!("{}", r.store_again)),
        ("skip_closed", format!("{}", r.skip_closed)),
        ("relay", word(RELAYS, r.relay)),
        ("lone", word(LONES, r.lone)),
        ("count_take", count_take_word(r.count_take)),
        ("fours", format!("{}", r.fours)),
        ("reopen_at", reopen),
        ("round_end", word(ROUND_ENDS, r.round_end)),
        ("match_end", match_end),
        ("fill_order", word(ORDERS, r.fill_order)),
        ("partial", word(PARTIALS, r.partial)),
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
fn set(r: &mut RoundRules, key: &str, text: &str) -> Option<()> {
    let flag = || text.parse::<bool>().ok();
    match key {
        "houses" => r.houses = text.parse().ok()?,
        "seeds" => r.seeds = text.parse().ok()?,
        "direction" => r.direction = value(DIRECTIONS, text)?,
        "store_side" => r.store_side = value(SIDES, text)?,
        "stores" => r.stores = value(STORES, text)?,
        "store_again" => r.store_again = flag()?,
        "skip_closed" => r.skip_closed = flag()?,
        "relay" => r.relay = value(RELAYS, text)?,
        "lone" => r.lone = value(LONES, text)?,
        "count_take" => r.count_take = count_take_value(text)?,
        "fours" => r.fours = flag()?,
        "reopen_at" if text == "none" => r.reopen_at = None,
        "reopen_at" => r.reopen_at = Some(text.parse().ok()?),
        "round_end" => r.round_end = value(ROUND_ENDS, text)?,
        "match_end" => {
            r.match_end = match text.split_once(':')? {
                ("below", n) => MatchEnd::StoreBelow(n.parse().ok()?),
                ("all-but", n) => MatchEnd::MoverHoldsAllBut(n.parse().ok()?),
                _ => return None,
            }
        }
        "fill_order" => r.fill_order = value(ORDERS, text)?,
        "partial" => r.partial = value(PARTIALS, text)?,
        "refill_ends_full" => r.refill_ends_full = flag()?,
        "closes" => r.closes = flag()?,
        "other_fills_first" => r.other_fills_first = flag()?,
        _ => return None,
    }
    Some(())
}

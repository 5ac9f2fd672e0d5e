//! The text form of [`FourRowRules`]: the crate's rule options
//! ([`RuleOptions`]), `rules=NAME` (a preset) then the `key=value` words
//! that differ from it, separated by spaces, as a position's text holds
//! them.

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use crate::notation::{
    self, OptionError, OptionWords, RuleOptions, bool_value, option_bool, option_number,
};

use super::rules::{
    AfterCapture, CapturedSeeds, Fallback, FourRowEnd, FourRowRules, LandingCount, Opening, Taken,
};

impl Default for FourRowRules {
    /// Tsoro's.
    fn default() -> FourRowRules {
        FourRowRules::tsoro()
    }
}

/// Each option's key and help, in writing order.
const OPTIONS: [(&str, &str); 19] = [
    (
        "rules",
        "start from this preset (first if given); takes `hus-nama`, `tsoro`, `moruba`, `hawalis`, `hus-damara`, `omweso`",
    ),
    ("columns", "holes in each of the four rows; takes 4 to 16"),
    (
        "outer_seeds",
        "seeds in each outer hole at the start; takes a number",
    ),
    (
        "inner_seeds",
        "seeds in each seeded inner hole at the start; takes a number",
    ),
    (
        "inner_holes",
        "how many inner holes, from the player's right, start with seeds; takes 0 to `columns`",
    ),
    (
        "hand",
        "seeds each player places from his hand, one a turn, before sowing; takes a number",
    ),
    (
        "opening",
        "a fixed first move for each player; takes `none`, `hus-nama`",
    ),
    (
        "sow_min",
        "the fewest seeds a hole must hold to be sown; takes 1 or more",
    ),
    (
        "fallback",
        "what a player with no such hole may sow: nothing, any single seed, or a single seed into an empty hole; takes `none`, `single`, `single-into-empty`",
    ),
    (
        "clockwise",
        "a left-hand hole may be sown clockwise when its first lap ends facing two occupied holes (Omweso); takes `true`, `false`",
    ),
    (
        "relay",
        "a landing hole then holding 2 or more is sown on; takes `true`, `false`",
    ),
    (
        "capture_landing",
        "the landing hole's counts that capture: 1, 2 or more, any; takes `lone`, `occupied`, `any`",
    ),
    (
        "capture_outer",
        "an outer landing hole captures from the opponent's holes of its column too; takes `true`, `false`",
    ),
    (
        "capture_both",
        "the opposite inner and outer holes must both be occupied; takes `true`, `false`",
    ),
    (
        "capture_taken",
        "what a capture takes: the opposite inner hole, with the outer behind it, and the landing hole too; takes `inner`, `inner-outer`, `inner-outer-landing`",
    ),
    (
        "capture_to",
        "where captured seeds go: the store, sown on from the landing hole (Hus (Nama)), sown from the lap's start (Omweso); takes `store`, `sow-from-landing`, `sow-from-lap-start`",
    ),
    (
        "capture_then",
        "after a capture: the turn is over, the next hole of 2 or more is sown, the landing hole relays; takes `over`, `sow-next-if-two`, `relay`",
    ),
    (
        "end",
        "how the game ends; takes `pass-then-lose`, `ring-empty-loses`, `no-seeds-scores`, `no-move-loses`",
    ),
    (
        "ring_scores",
        "a player's score counts his ring's seeds besides his store; takes `true`, `false`",
    ),
];

/// The options' keys, in writing order.
const KEYS: [&str; 19] = {
    let mut keys = [""; 19];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = OPTIONS[i].0;
        i += 1;
    }
    keys
};

impl RuleOptions for FourRowRules {
    const PRESET: Option<&'static str> = Some("rules");
    const KEYS: &'static [&'static str] = &KEYS;

    fn help(key: &str) -> Option<&'static str> {
        let mut options = OPTIONS.iter();
        options.find_map(|&(k, help)| (k == key).then_some(help))
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let flag = || option_bool(key, value);
        let c = &mut self.capture;
        match key {
            "rules" => {
                let preset = FourRowRules::named(value);
                *self = preset.ok_or_else(|| OptionError::bad_value(key, value, "a preset"))?;
            }
            "columns" => self.columns = option_number(key, value)?,
            "outer_seeds" => self.outer_seeds = option_number(key, value)?,
            "inner_seeds" => self.inner_seeds = option_number(key, value)?,
            "inner_holes" => self.inner_holes = option_number(key, value)?,
            "hand" => self.hand = option_number(key, value)?,
            "opening" => self.opening = Opening::from_word(key, value)?,
            "sow_min" => self.sow_min = option_number(key, value)?,
            "fallback" => self.fallback = Fallback::from_word(key, value)?,
            "clockwise" => self.clockwise = flag()?,
            "relay" => self.relay = flag()?,
            "capture_landing" => c.landing = LandingCount::from_word(key, value)?,
            "capture_outer" => c.outer = flag()?,
            "capture_both" => c.both_occupied = flag()?,
            "capture_taken" => c.taken = Taken::from_word(key, value)?,
            "capture_to" => c.seeds_to = CapturedSeeds::from_word(key, value)?,
            "capture_then" => c.then = AfterCapture::from_word(key, value)?,
            "end" => self.end = FourRowEnd::from_word(key, value)?,
            "ring_scores" => self.ring_scores = flag()?,
            _ => return Err(OptionError::unknown_key(key, Self::KEYS)),
        }
        Ok(())
    }

    /// For `rules`, the preset these rules differ least from (the first
    /// such).
    fn value(&self, key: &str) -> Option<String> {
        let c = &self.capture;
        Some(match key {
            "rules" => String::from(self.nearest_preset()),
            "columns" => self.columns.to_string(),
            "outer_seeds" => self.outer_seeds.to_string(),
            "inner_seeds" => self.inner_seeds.to_string(),
            "inner_holes" => self.inner_holes.to_string(),
            "hand" => self.hand.to_string(),
            "opening" => self.opening.word().into(),
            "sow_min" => self.sow_min.to_string(),
            "fallback" => self.fallback.word().into(),
            "clockwise" => bool_value(self.clockwise),
            "relay" => bool_value(self.relay),
            "capture_landing" => c.landing.word().into(),
            "capture_outer" => bool_value(c.outer),
            "capture_both" => bool_value(c.both_occupied),
            "capture_taken" => c.taken.word().into(),
            "capture_to" => c.seeds_to.word().into(),
            "capture_then" => c.then.word().into(),
            "end" => self.end.word().into(),
            "ring_scores" => bool_value(self.ring_scores),
            _ => return None,
        })
    }
}

impl FourRowRules {
    /// The name of the preset from which the fewest options differ.
    fn nearest_preset(&self) -> &'static str {
        let differences = |preset: &FourRowRules| {
            let keys = Self::KEYS.iter().skip(1);
            keys.filter(|k| preset.value(k) != self.value(k)).count()
        };
        let presets = FourRowRules::PRESETS.iter();
        presets
            .min_by_key(|(_, p)| differences(p))
            .map_or("tsoro", |&(name, _)| name)
    }
}

/// `rules=NAME`, the nearest preset, then the options that differ from it.
///
/// # Examples
///
/// ```
/// use mancala_core::four_rows::FourRowRules;
///
/// assert_eq!(FourRowRules::moruba().to_string(), "rules=moruba");
/// let mut rules = FourRowRules::moruba();
/// rules.columns = 10;
/// assert_eq!(rules.to_string(), "rules=moruba columns=10");
/// assert_eq!("rules=moruba columns=10".parse::<FourRowRules>(), Ok(rules));
/// assert!("rules=moruba columns=ten".parse::<FourRowRules>().is_err());
/// assert!("rules=bao".parse::<FourRowRules>().is_err());
/// ```
impl fmt::Display for FourRowRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The options' words start with `rules=` unless the nearest preset
        // is the default, Tsoro.
        let words = notation::options_words(self);
        if words.starts_with("rules=") {
            return f.write_str(&words);
        }
        f.write_str("rules=tsoro")?;
        if !words.is_empty() {
            write!(f, " {words}")?;
        }
        Ok(())
    }
}

impl FromStr for FourRowRules {
    type Err = OptionError;

    /// Whitespace-separated `key=value` words applied to Tsoro's rules in
    /// the order given (`rules=NAME` first, if at all).
    fn from_str(text: &str) -> Result<FourRowRules, OptionError> {
        notation::parse_options(text.split_whitespace())
    }
}

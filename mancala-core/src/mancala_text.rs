//! The text forms of sowing rules and positions.
//!
//! # Rules
//!
//! [`Rules`] read and write as `key=value` words (see
//! [`RuleOptions`]), over oware's rules:
//!
//! | key | values | meaning |
//! | --- | --- | --- |
//! | `rules` | `oware`, `kalah` | start from this preset (first if given) |
//! | `houses` | 1 to 50 | two rows of this many holes, player 0's first |
//! | `layout` | `N:o,o,...` | rows of `N` holes, one owner per row in ring order (`4:0,1,2`) |
//! | `store_side` | `right`, `left` | where each player's store sits, from his seat: after his last hole, or before his first (Chongka', Chungcajon); `houses` and `layout` keep it |
//! | `seeds` | a number | seeds per hole at the start |
//! | `start_moves` | `none`, `FROM>TO,...` | single seeds moved between holes before the first move, in order (FairKalah: `4>2`) |
//! | `first_moves` | `none`, `MOVES:HOLES` | the first `MOVES` sowing moves of the game must each sow one of the mover's last `HOLES` holes, where one of them is legal (Dabuda: `2:1`, Um el-Bil: `1:1`) |
//! | `direction` | `ccw`, `cw` | the sowing direction |
//! | `skip_origin` | `true`, `false` | every lap skips the hole it was lifted from |
//! | `into_own_store` | `true`, `false` | sowing passes through the mover's store |
//! | `first_into_origin` | `true`, `false` | a lap's first seed goes back into its origin, unless it was the only one (Toguz Kumalak) |
//! | `single_into_origin` | `true`, `false` | a lap of a single seed drops it back into its origin: the move changes nothing (Kapana Bona, Oure Ngat) |
//! | `sow_zone` | `own`, `opponents`, `any`, `opponents-and-last` | where the holes a player sows may be: his own, the opponents' (Tap Urdy), any hole (Kapana Bona) |
//! | `min_sow` | a number | only holes of at least this many seeds may be sown (0 and 1: any hole with seeds) |
//! | `lone_into_empty` | `true`, `false` | with `min_sow` above 1, a hole of one seed may also be sown when the next hole is empty |
//! | `relay` | `never`, a number | relay when the landing hole then holds at least this many |
//! | `relay_next_occupied` | `true`, `false` | relay only when the hole after the landing hole holds seeds |
//! | `capture_first` | `true`, `false` | a lap that ends where a capture starts ends the move, relay or not |
//! | `stop_on_empty_side` | `true`, `false` | a lap after which a player's holes are all empty ends the move, relay or not (Altiev) |
//! | `endless` | `forbid`, `stop` | moves that relay forever |
//! | `capture` | `none`, `opposite`, `opposite:ZONE:LONE`, `chain:ZONE:COUNTS:KIND:LIMIT[:opposites]`, `facing:ZONE:COUNTS`, `past-empty` | how captures are made: `opposite` is Kalah's (a last seed in an empty own hole takes it and the opposite hole), `LONE` `take` or `stay` (whether the lone seed goes with the opposite hole's); `chain` takes the landing hole and those before it, `opposites` each with the hole across (La'b Akila); `facing` a lone seed takes the hole across when it holds one of `COUNTS` (Yovodji); `past-empty` a last seed making more than one before an empty hole takes the hole after it (Tap Urdy); `ZONE` is `opponents`, `own`, `any` or `opponents-and-last` (Kara: and the mover's last hole); `COUNTS` a `.`-separated list (`2.3`; from 62 on, counts are read by parity); `KIND` `same` (one count only) or `mixed`; `LIMIT` `row`, `row-to-origin`, `owner`, `not-mover`, `ring`, `to-origin`, `landing` or `neighbours` |
//! | `empty_capture` | `true`, `false` | with `capture=opposite`: the lone seed is taken even from an empty file (an opposite `capture` given over an opposite capture keeps it) |
//! | `fallback_capture` | as `capture` | a capture tried where `capture` takes nothing (Yovodji) |
//! | `sweep` | `none`, `ZONE:COUNTS` | holes taken after the sowing besides the capture: every hole of `ZONE` holding one of `COUNTS` (Kapana Bona: `any:2.4.6`) |
//! | `sweep_after_capture` | `true`, `false` | the sweep only after a capture took a hole (Wouri, Hoyito) |
//! | `sweep_at_most` | `none`, a number | the sweep only when at most this many seeds are on the board after the sowing (Hoyito: 8) |
//! | `credit` | `mover`, `owner`, `opponent` | whose store captured seeds go to: the mover's, each hole's owner's, or his opponent's (Yovodi) |
//! | `grand_slam` | `allow`, `no-capture`, `forbid` | captures that would take all of a player's seeds |
//! | `feeding` | `off`, `required`, `if-possible`, `always` | the feeding obligation (`always`: every move must leave the next player seeds) |
//! | `extra_turn` | `true`, `false` | a last seed in the own store moves again |
//! | `majority` | `true`, `false` | end when a store holds more than half |
//! | `side_empty` | `true`, `false` | end when a player's holes are empty |
//! | `repetition` | `true`, `false` | end when a position repeats |
//! | `at_most_left` | `none`, a number | end when at most this many seeds are left after a sowing move |
//! | `each_at_most` | `none`, a number | end when every hole holds at most this many seeds |
//! | `target` | `none`, a number | end when a store holds at least this many seeds (Uril) |
//! | `pass` | `true`, `false` | a player who cannot move passes |
//! | `leftover` | `owner`, `stay`, `void`, `mobile` | the seeds left at the end: swept to their owners, counted for them, for nobody, or for the player still able to sow, else a draw (Aw-li On-nam Ot-tjin) |
//! | `verdict` | `score`, `empty-loses`, `empty-wins`, `target` | who wins: the higher score, the other of the first player with an empty row (Altiev), that player (Waurie), or the owner of a store at the target, else a draw (Uril) |
//!
//! # Positions
//!
//! A [`Mancala`] position is one line of whitespace-separated words:
//!
//! ```text
//! HOLES STORES PLAYER [over] [placing] [first_moves_left=N] [seen=POSITION|POSITION...] [RULES...]
//! ```
//!
//! - `HOLES`: the counts of each row in canonical order, rows separated by
//!   `/` and counts by `,` (`4,4,4,4,4,4/4,4,4,4,4,4`);
//! - `STORES`: one count per player, separated by `,`;
//! - `PLAYER`: the player to move (in a finished game, the one who would
//!   have), `0` to `5`;
//! - `over`: the game is over;
//! - `placing`: the player to move places seeds before he sows
//!   ([`Setup::placing`](crate::Setup::placing));
//! - `first_moves_left=`: the restricted first moves still to be played
//!   ([`Setup::first_moves_left`](crate::Setup::first_moves_left), 1 to
//!   255; none without the word);
//! - `seen=`: for the repetition rule, the positions seen before this one
//!   since seeds last left the holes, oldest first, each `HOLES:PLAYER`;
//! - `RULES`: the rule words above that differ from oware.
//!
//! `{:#}` draws the board instead.
//!
//! ```
//! use mancala_core::{Game, Mancala, Move, Pit};
//!
//! let mut game: Mancala = "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 rules=kalah".parse()?;
//! assert_eq!(game, mancala_core::kalah());
//! game.play(Move::Sow(Pit::new(2).unwrap()))?;
//! assert_eq!(game.to_string(), "4,4,0,5,5,5/4,4,4,4,4,4 1,0 0 rules=kalah");
//! assert_eq!(mancala_core::oware().to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::capture::{Capture, Zone};
use crate::feeding::Feeding;
use crate::mancala::Mancala;
use crate::notation::{
    self, OptionError, OptionWords, RuleOptions, bool_value, count_or_none_value, option_bool,
    option_choice, option_count_or_none, option_number,
};
use crate::player::Player;
use crate::rules::{Credit, GrandSlam, Leftover, Rules, Verdict};
use crate::setup::{Setup, SetupError};
use crate::sow::{Endless, Relay};
use crate::topology::{Direction, Layout, StoreSide};

mod values;

use values::{
    capture_text, first_moves_text, layout_text, parse_capture, parse_first_moves, parse_layout,
    parse_start, parse_sweep, set_empty_capture, start_text, sweep_text,
};

impl RuleOptions for Rules {
    const PRESET: Option<&'static str> = Some("rules");
    const KEYS: &'static [&'static str] = &[
        "rules",
        "houses",
        "layout",
        "store_side",
        "seeds",
        "start_moves",
        "first_moves",
        "direction",
        "skip_origin",
        "into_own_store",
        "first_into_origin",
        "single_into_origin",
        "sow_zone",
        "min_sow",
        "lone_into_empty",
        "relay",
        "relay_next_occupied",
        "capture_first",
        "stop_on_empty_side",
        "endless",
        "capture",
        "empty_capture",
        "fallback_capture",
        "sweep",
        "sweep_after_capture",
        "sweep_at_most",
        "credit",
        "grand_slam",
        "feeding",
        "extra_turn",
        "majority",
        "side_empty",
        "repetition",
        "at_most_left",
        "each_at_most",
        "target",
        "pass",
        "leftover",
        "verdict",
    ];

    fn help(key: &str) -> Option<&'static str> {
        Some(match key {
            "rules" => "start from this preset (first if given); takes `oware`, `kalah`",
            "houses" => "two rows of this many holes, player 0's first; takes 1 to 50",
            "layout" => {
                "rows of `N` holes, one owner per row in ring order (`4:0,1,2`); takes `N:o,o,...`"
            }
            "store_side" => {
                "where each player's store sits, from his seat: after his last hole, or before his first (Chongka', Chungcajon); takes `right`, `left`"
            }
            "seeds" => "seeds per hole at the start; takes a number",
            "start_moves" => {
                "single seeds moved between holes before the first move, in order (FairKalah: `4>2`); takes `none`, `FROM>TO,...`"
            }
            "first_moves" => {
                "the first `MOVES` sowing moves of the game must each sow one of the mover's last `HOLES` holes, where one of them is legal (Dabuda: `2:1`, Um el-Bil: `1:1`); takes `none`, `MOVES:HOLES`"
            }
            "direction" => "the sowing direction; takes `ccw`, `cw`",
            "skip_origin" => "every lap skips the hole it was lifted from; takes `true`, `false`",
            "into_own_store" => "sowing passes through the mover's store; takes `true`, `false`",
            "first_into_origin" => {
                "a lap's first seed goes back into its origin, unless it was the only one (Toguz Kumalak); takes `true`, `false`"
            }
            "single_into_origin" => {
                "a lap of a single seed drops it back into its origin: the move changes nothing (Kapana Bona, Oure Ngat); takes `true`, `false`"
            }
            "sow_zone" => {
                "where the holes a player sows may be: his own, the opponents' (Tap Urdy), any hole (Kapana Bona); takes `own`, `opponents`, `any`, `opponents-and-last`"
            }
            "min_sow" => {
                "only holes of at least this many seeds may be sown (0 and 1: any hole with seeds); takes a number"
            }
            "lone_into_empty" => {
                "with `min_sow` above 1, a hole of one seed may also be sown when the next hole is empty; takes `true`, `false`"
            }
            "relay" => {
                "relay when the landing hole then holds at least this many; takes `never`, a number"
            }
            "relay_next_occupied" => {
                "relay only when the hole after the landing hole holds seeds; takes `true`, `false`"
            }
            "capture_first" => {
                "a lap that ends where a capture starts ends the move, relay or not; takes `true`, `false`"
            }
            "stop_on_empty_side" => {
                "a lap after which a player's holes are all empty ends the move, relay or not (Altiev); takes `true`, `false`"
            }
            "endless" => "moves that relay forever; takes `forbid`, `stop`",
            "capture" => {
                "how captures are made: `opposite` is Kalah's (a last seed in an empty own hole takes it and the opposite hole), `LONE` `take` or `stay` (whether the lone seed goes with the opposite hole's); `chain` takes the landing hole and those before it, `opposites` each with the hole across (La'b Akila); `facing` a lone seed takes the hole across when it holds one of `COUNTS` (Yovodji); `past-empty` a last seed making more than one before an empty hole takes the hole after it (Tap Urdy); `ZONE` is `opponents`, `own`, `any` or `opponents-and-last` (Kara: and the mover's last hole); `COUNTS` a `.`-separated list (`2.3`; from 62 on, counts are read by parity); `KIND` `same` (one count only) or `mixed`; `LIMIT` `row`, `row-to-origin`, `owner`, `not-mover`, `ring`, `to-origin`, `landing` or `neighbours`; takes `none`, `opposite`, `opposite:ZONE:LONE`, `chain:ZONE:COUNTS:KIND:LIMIT[:opposites]`, `facing:ZONE:COUNTS`, `past-empty`"
            }
            "empty_capture" => {
                "with `capture=opposite`: the lone seed is taken even from an empty file; takes `true`, `false`"
            }
            "fallback_capture" => {
                "a capture tried where `capture` takes nothing (Yovodji); takes as `capture`"
            }
            "sweep" => {
                "holes taken after the sowing besides the capture: every hole of `ZONE` holding one of `COUNTS` (Kapana Bona: `any:2.4.6`); takes `none`, `ZONE:COUNTS`"
            }
            "sweep_after_capture" => {
                "the sweep only after a capture took a hole (Wouri, Hoyito); takes `true`, `false`"
            }
            "sweep_at_most" => {
                "the sweep only when at most this many seeds are on the board after the sowing (Hoyito: 8); takes `none`, a number"
            }
            "credit" => {
                "whose store captured seeds go to: the mover's, each hole's owner's, or his opponent's (Yovodi); takes `mover`, `owner`, `opponent`"
            }
            "grand_slam" => {
                "captures that would take all of a player's seeds; takes `allow`, `no-capture`, `forbid`"
            }
            "feeding" => {
                "the feeding obligation (`always`: every move must leave the next player seeds); takes `off`, `required`, `if-possible`, `always`"
            }
            "extra_turn" => "a last seed in the own store moves again; takes `true`, `false`",
            "majority" => "end when a store holds more than half; takes `true`, `false`",
            "side_empty" => "end when a player's holes are empty; takes `true`, `false`",
            "repetition" => "end when a position repeats; takes `true`, `false`",
            "at_most_left" => {
                "end when at most this many seeds are left after a sowing move; takes `none`, a number"
            }
            "each_at_most" => {
                "end when every hole holds at most this many seeds; takes `none`, a number"
            }
            "target" => {
                "end when a store holds at least this many seeds (Uril); takes `none`, a number"
            }
            "pass" => "a player who cannot move passes; takes `true`, `false`",
            "leftover" => {
                "the seeds left at the end: swept to their owners, counted for them, for nobody, or for the player still able to sow, else a draw (Aw-li On-nam Ot-tjin); takes `owner`, `stay`, `void`, `mobile`"
            }
            "verdict" => {
                "who wins: the higher score, the other of the first player with an empty row (Altiev), that player (Waurie), or the owner of a store at the target, else a draw (Uril); takes `score`, `empty-loses`, `empty-wins`, `target`"
            }
            _ => return None,
        })
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "rules" => {
                *self = match option_choice(key, value, &["oware", "kalah"], "oware or kalah")? {
                    0 => Rules::oware(),
                    _ => Rules::kalah(),
                }
            }
            "houses" => {
                self.layout = Layout::two_rows(option_number(key, value)?)
                    .with_store_side(self.layout.store_side);
            }
            "layout" => {
                self.layout = parse_layout(key, value)?.with_store_side(self.layout.store_side);
            }
            "store_side" => self.layout.store_side = StoreSide::from_word(key, value)?,
            "seeds" => self.seeds = option_number(key, value)?,
            "start_moves" => self.start = parse_start(key, value)?,
            "first_moves" => self.first_moves = parse_first_moves(key, value)?,
            "direction" => self.sowing.direction = Direction::from_word(key, value)?,
            "skip_origin" => self.sowing.skip_origin = option_bool(key, value)?,
            "into_own_store" => self.sowing.into_own_store = option_bool(key, value)?,
            "first_into_origin" => self.sowing.first_into_origin = option_bool(key, value)?,
            "single_into_origin" => self.sowing.single_into_origin = option_bool(key, value)?,
            "sow_zone" => self.sowable.zone = Zone::from_word(key, value)?,
            "min_sow" => self.sowable.min_seeds = option_number(key, value)?,
            "lone_into_empty" => self.sowable.lone_into_empty = option_bool(key, value)?,
            "relay_next_occupied" => self.relay_if.next_occupied = option_bool(key, value)?,
            "capture_first" => self.relay_if.capture_first = option_bool(key, value)?,
            "stop_on_empty_side" => self.relay_if.stop_on_empty_side = option_bool(key, value)?,
            "relay" => {
                self.relay = if value == "never" {
                    Relay::Never
                } else {
                    Relay::AtLeast(
                        option_number(key, value)
                            .map_err(|_| OptionError::bad_value(key, value, "never or a number"))?,
                    )
                }
            }
            "endless" => self.endless = Endless::from_word(key, value)?,
            "capture" => {
                let mut capture = parse_capture(key, value)?;
                // `empty_capture` is a key of its own: an opposite capture
                // keeps it, as `houses` keeps `store_side`.
                if let (
                    Capture::Opposite {
                        require_opposite, ..
                    },
                    Capture::Opposite {
                        require_opposite: kept,
                        ..
                    },
                ) = (&mut capture, self.capture)
                {
                    *require_opposite = kept;
                }
                self.capture = capture;
            }
            "empty_capture" => set_empty_capture(&mut self.capture, key, value)?,
            "fallback_capture" => self.fallback_capture = parse_capture(key, value)?,
            "sweep" => parse_sweep(key, value, &mut self.sweep)?,
            "sweep_after_capture" => self.sweep.after_capture = option_bool(key, value)?,
            "sweep_at_most" => self.sweep.board_at_most = option_count_or_none(key, value)?,
            "grand_slam" => self.grand_slam = GrandSlam::from_word(key, value)?,
            "feeding" => self.feeding = Feeding::from_word(key, value)?,
            "credit" => self.credit = Credit::from_word(key, value)?,
            "extra_turn" => self.extra_turn = option_bool(key, value)?,
            "majority" => self.end.majority = option_bool(key, value)?,
            "side_empty" => self.end.side_empty = option_bool(key, value)?,
            "repetition" => self.end.repetition = option_bool(key, value)?,
            "at_most_left" => self.end.at_most_left = option_count_or_none(key, value)?,
            "each_at_most" => self.end.each_at_most = option_count_or_none(key, value)?,
            "target" => self.end.target = option_count_or_none(key, value)?,
            "pass" => self.end.pass = option_bool(key, value)?,
            "leftover" => self.leftover = Leftover::from_word(key, value)?,
            "verdict" => self.verdict = Verdict::from_word(key, value)?,
            _ => return Err(OptionError::unknown_key(key, Self::KEYS)),
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Option<String> {
        Some(match key {
            "rules" => match self.capture {
                Capture::Opposite { .. } => "kalah".into(),
                _ => "oware".into(),
            },
            "houses" => {
                let two_rows = Layout::two_rows(self.layout.row_len);
                return (self.layout == two_rows.with_store_side(self.layout.store_side))
                    .then(|| self.layout.row_len.to_string());
            }
            "layout" => layout_text(&self.layout),
            "store_side" => self.layout.store_side.word().into(),
            "seeds" => self.seeds.to_string(),
            "start_moves" => start_text(self.start),
            "first_moves" => first_moves_text(self.first_moves),
            "direction" => self.sowing.direction.word().into(),
            "skip_origin" => bool_value(self.sowing.skip_origin),
            "into_own_store" => bool_value(self.sowing.into_own_store),
            "first_into_origin" => bool_value(self.sowing.first_into_origin),
            "single_into_origin" => bool_value(self.sowing.single_into_origin),
            "sow_zone" => self.sowable.zone.word().into(),
            "min_sow" => self.sowable.min_seeds.to_string(),
            "lone_into_empty" => bool_value(self.sowable.lone_into_empty),
            "relay_next_occupied" => bool_value(self.relay_if.next_occupied),
            "capture_first" => bool_value(self.relay_if.capture_first),
            "stop_on_empty_side" => bool_value(self.relay_if.stop_on_empty_side),
            "relay" => match self.relay {
                Relay::Never => "never".into(),
                Relay::AtLeast(n) => n.to_string(),
            },
            "endless" => self.endless.word().into(),
            "capture" => capture_text(self.capture),
            "empty_capture" => match self.capture {
                Capture::Opposite {
                    require_opposite, ..
                } => bool_value(!require_opposite),
                _ => return None,
            },
            "fallback_capture" => capture_text(self.fallback_capture),
            "sweep" => sweep_text(self.sweep),
            "sweep_after_capture" => bool_value(self.sweep.after_capture),
            "sweep_at_most" => count_or_none_value(self.sweep.board_at_most),
            "grand_slam" => self.grand_slam.word().into(),
            "feeding" => self.feeding.word().into(),
            "credit" => self.credit.word().into(),
            "extra_turn" => bool_value(self.extra_turn),
            "majority" => bool_value(self.end.majority),
            "side_empty" => bool_value(self.end.side_empty),
            "repetition" => bool_value(self.end.repetition),
            "at_most_left" => count_or_none_value(self.end.at_most_left),
            "each_at_most" => count_or_none_value(self.end.each_at_most),
            "target" => count_or_none_value(self.end.target),
            "pass" => bool_value(self.end.pass),
            "leftover" => self.leftover.word().into(),
            "verdict" => self.verdict.word().into(),
            _ => return None,
        })
    }
}

// Rules as their `key=value` words over oware's (empty for oware), and
// back (see `options_text!`).
crate::options_text!(Rules);

/// Why a position's text could not be read: malformed text
/// ([`ParseError::Notation`](notation::ParseError::Notation)), or a position
/// the checked setup refused.
pub type ParseError = notation::ParseError<SetupError>;

impl fmt::Display for Mancala {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return self.draw(f);
        }
        let setup = self.to_setup();
        let row_len = self.shared.topology.row_len();
        notation::write_rows(f, &setup.board, row_len)?;
        f.write_str(" ")?;
        notation::write_counts(f, &setup.stores, ',')?;
        write!(f, " {}", setup.to_move.index())?;
        if setup.over {
            f.write_str(" over")?;
        }
        if setup.placing {
            f.write_str(" placing")?;
        }
        if setup.first_moves_left != 0 {
            write!(f, " first_moves_left={}", setup.first_moves_left)?;
        }
        notation::write_seen(f, &setup.history, row_len)?;
        notation::write_options(f, &self.shared.rules)
    }
}

/// The word `first_moves_left=N`, `N` from 1 to 255 (0 is written by
/// leaving the word out: one position, one text).
fn parse_first_moves_left(word: &str) -> Result<u8, notation::NotationError> {
    word.strip_prefix("first_moves_left=")
        .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|&n| n != 0)
        .ok_or_else(|| {
            notation::NotationError::invalid("first_moves_left", "first_moves_left=1 to 255", word)
        })
}

impl FromStr for Mancala {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Mancala, ParseError> {
        let mut words = s.split_whitespace().peekable();
        let holes = notation::next_word(&mut words, "holes")?;
        let stores =
            notation::parse_counts("stores", notation::next_word(&mut words, "stores")?, ',')?;
        let to_move = notation::parse_player("player", notation::next_word(&mut words, "player")?)?;
        let over = words.next_if_eq(&"over").is_some();
        let placing = words.next_if_eq(&"placing").is_some();
        let first_moves_left = match words.next_if(|w| w.starts_with("first_moves_left=")) {
            Some(word) => parse_first_moves_left(word)?,
            None => 0,
        };
        let seen = words.next_if(|w| w.starts_with("seen="));
        let rules: Rules = notation::parse_options(words)?;
        // The rows' length comes from the rules, written last.
        let row_len = usize::from(rules.layout.row_len);
        let board = notation::parse_rows("holes", holes, row_len)?;
        let history = match seen {
            Some(word) => notation::parse_seen(word, row_len)?,
            None => Vec::new(),
        };
        let setup = Setup {
            rules,
            board,
            stores,
            to_move,
            over,
            placing,
            first_moves_left,
            history,
        };
        Mancala::from_setup(setup).map_err(ParseError::Setup)
    }
}

impl Mancala {
    /// Draws the board: two-row boards as they face the players (player 1's
    /// row reversed above player 0's, stores at the ends, each on its
    /// owner's side, hole numbers in brackets), other boards row by row
    /// with their owners.
    fn draw(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let holes = self.board.holes();
        let n = self.shared.topology.row_len();
        let stores = self.board.stores();
        let cells = |items: &mut dyn Iterator<Item = String>| {
            items.map(|c| format!("{c:>5}")).collect::<String>()
        };
        if self.shared.topology.is_two_row() {
            let numbers_north = cells(&mut (n..2 * n).rev().map(|i| format!("({i})")));
            let north = cells(&mut holes[n..].iter().rev().map(u16::to_string));
            let south = cells(&mut holes[..n].iter().map(u16::to_string));
            let numbers_south = cells(&mut (0..n).map(|i| format!("({i})")));
            let pad = " ".repeat(north.len());
            writeln!(f, "        {numbers_north}")?;
            writeln!(f, "        {north}")?;
            if self.shared.topology.layout().store_side == StoreSide::Left {
                // Each store on its owner's left: South's at the left end.
                writeln!(f, "  S {:>3} {pad} {:>3} N", stores[0], stores[1])?;
            } else {
                writeln!(f, "  N {:>3} {pad} {:>3} S", stores[1], stores[0])?;
            }
            writeln!(f, "        {south}")?;
            write!(f, "        {numbers_south}")?;
        } else {
            for (row, counts) in holes.chunks(n.max(1)).enumerate() {
                let owner = self.shared.topology.row_owner(row).unwrap_or_default();
                let numbers = cells(&mut (row * n..(row + 1) * n).map(|i| format!("({i})")));
                let counts = cells(&mut counts.iter().map(u16::to_string));
                writeln!(f, "row {row} of {owner}:")?;
                writeln!(f, "  {numbers}")?;
                writeln!(f, "  {counts}")?;
            }
            let stores: Vec<String> = Player::all(self.shared.topology.players())
                .map(|p| format!("{p}: {}", stores[p.index()]))
                .collect();
            write!(f, "stores: {}", stores.join(", "))?;
        }
        Ok(())
    }
}

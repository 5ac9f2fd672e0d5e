//! The catalogue: traditional sowing games as presets of [`Rules`], as the
//! Ludii game system plays them.
//!
//! Each game is a [`Traditional`] value, reachable by its name
//! ([`Traditional::from_name`], [`FromStr`](core::str::FromStr)), whose
//! [`rules`](Traditional::rules) are plain [`Rules`] data (also as a `const
//! fn` on `Rules`, such as [`Rules::bohnenspiel`]). The presets follow
//! Ludii's rules files (commit `845cda6f`, `board/sow/two_rows/*.lud`); each
//! replays, move for move, games recorded from Ludii. Where Ludii's reading
//! differs from the usual rules text, the preset is Ludii's and the doc
//! says what the text says.
//!
//! | game | where it is played | board | preset | source | options that change it |
//! | --- | --- | --- | --- | --- | --- |
//! | Das Bohnenspiel | Germany | 2x6, 6 seeds | [`Rules::bohnenspiel`] | `Das Bohnenspiel.lud` | `houses`, `seeds`, any rule key |
//! | Mankala | (Ludii's `Mankala`) | 2x6, 6 seeds | [`Rules::mankala`] | `Mankala.lud` | the same |
//! | Mangala | Turkey | 2x6, 5 seeds | [`Rules::mangala`] | `Mangala.lud`, "Six Holes (Observed)" | the same |
//! | Vai Lung Thlan | India (Mizoram) | 2x6, 5 seeds | [`Rules::vai_lung_thlan`] | `Vai Lung Thlan.lud` | the same |
//! | Awari | West Africa | 2x6, 4 seeds | [`Rules::awari`] | `Awari.lud` | the same; `each_at_most` |
//! | Wari | West Africa | 2x6, 4 seeds | [`Rules::wari`] | `Wari.lud` | the same |
//! | French Wari | France (the West African game) | 2x6, 4 seeds | [`Rules::french_wari`] | `French Wari.lud` | the same; `endless` |
//! | Enindji | (Ludii's `Enindji`) | 2x6, 4 seeds | [`Rules::enindji`] | `Enindji.lud` | the same; `credit` |
//! | En Gehe | Tanzania | 2x40, 4 seeds | [`Rules::en_gehe`] | `En Gehe.lud`, "Board Size/40", "Merker (Observed)" | the same (`houses` 40 to 50 as Ludii's board sizes, any of 1 to 50 taken); `endless` |
//! | I | (Ludii's `I`) | 2x3, 4 seeds | [`Rules::i`] | `I.lud`, "Board Size/3" | the same; `min_sow`; `repetition` to end cycles |
//! | Kay | (Ludii's `Kay`) | 2x6, 4 seeds | [`Rules::kay`] | `Kay.lud` | the same; `min_sow`, `lone_into_empty`, `relay_next_occupied`, `capture_first` |
//! | Adidada | (Ludii's `Adidada`) | 2x6, 4 seeds | [`Rules::adidada`] | `Adidada.lud` | the same |
//! | Toguz Kumalak | Kazakhstan and Kyrgyzstan | 2x9, 9 seeds | [`Rules::toguz_kumalak`], played with the tuzdik by [`ToguzKumalak`](crate::toguz::ToguzKumalak) | `Toguz Kumalak.lud` | none |
//!
//! What the games share, as Ludii plays them: player 0 moves first;
//! a move sows every seed of one of the mover's non-empty holes, one a hole,
//! never into a store and, unless the game says so, never passing over the
//! hole it was lifted from (a lap of as many seeds as the board has holes,
//! or more, refills it); captures are judged where the last
//! seed fell, on the board after the sowing, and chain back against the
//! sowing direction, stopping on reaching the move's origin hole
//! ([`ChainLimit::ToOrigin`]); captured seeds go to the mover's store (a
//! store or his hand); seeds left at the end never move, and count for
//! their row's owner only where the game says so ([`Leftover::Stay`], else
//! [`Leftover::Void`]); more seeds wins, equal is a draw.
//!
//! # Examples
//!
//! ```
//! use mancala_core::{Game, Mancala, Rules, Traditional};
//!
//! let game: Traditional = "bohnenspiel".parse()?;
//! assert_eq!(game.rules(), Rules::bohnenspiel());
//! assert_eq!(game.title(), "Das Bohnenspiel");
//! let state = Mancala::new(game.rules())?;
//! assert_eq!(state.board().holes(), &[6; 12]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod summaries;

use core::fmt;

use crate::capture::{Capture, ChainLimit, CountSet, Zone};
use crate::conditions::{RelayConditions, Sowable};
use crate::feeding::Feeding;
use crate::rules::{Credit, EndRules, GrandSlam, Leftover, Rules};
use crate::sow::{Endless, Relay, SowSpec};
use crate::topology::{Direction, Layout};

/// A traditional game of the catalogue (see the [module docs](self)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub enum Traditional {
    /// Das Bohnenspiel (Germany): [`Rules::bohnenspiel`].
    Bohnenspiel,
    /// Ludii's Mankala: [`Rules::mankala`].
    Mankala,
    /// Mangala (Turkey), six holes a row: [`Rules::mangala`].
    Mangala,
    /// Vai Lung Thlan (India, Mizoram): [`Rules::vai_lung_thlan`].
    VaiLungThlan,
    /// Awari: [`Rules::awari`].
    Awari,
    /// Wari: [`Rules::wari`].
    Wari,
    /// Enindji: [`Rules::enindji`].
    Enindji,
    /// French Wari: [`Rules::french_wari`].
    FrenchWari,
    /// En Gehe (Tanzania), two rows of 40: [`Rules::en_gehe`].
    EnGehe,
    /// I, on two rows of 3: [`Rules::i`].
    I,
    /// Kay: [`Rules::kay`].
    Kay,
    /// Adidada: [`Rules::adidada`].
    Adidada,
    /// Toguz Kumalak (Kazakhstan and Kyrgyzstan): played by the
    /// [`ToguzKumalak`](crate::toguz::ToguzKumalak) type, which adds the tuzdik to
    /// the base rules [`Rules::toguz_kumalak`].
    ToguzKumalak,
}

impl Traditional {
    /// Every game of the catalogue, in the order of the module's table.
    pub const ALL: [Traditional; 13] = [
        Traditional::Bohnenspiel,
        Traditional::Mankala,
        Traditional::Mangala,
        Traditional::VaiLungThlan,
        Traditional::Awari,
        Traditional::Wari,
        Traditional::Enindji,
        Traditional::FrenchWari,
        Traditional::EnGehe,
        Traditional::I,
        Traditional::Kay,
        Traditional::Adidada,
        Traditional::ToguzKumalak,
    ];

    /// The game's name in traces and on command lines (`bohnenspiel`,
    /// `mankala`, `mangala`, `vai-lung-thlan`, `awari`, `wari`, `enindji`, `french-wari`,
    /// `en-gehe`, `i`, `kay`, `adidada`, `toguz-kumalak`).
    pub const fn name(self) -> &'static str {
        match self {
            Traditional::Bohnenspiel => "bohnenspiel",
            Traditional::Mankala => "mankala",
            Traditional::Mangala => "mangala",
            Traditional::VaiLungThlan => "vai-lung-thlan",
            Traditional::Awari => "awari",
            Traditional::Wari => "wari",
            Traditional::Enindji => "enindji",
            Traditional::FrenchWari => "french-wari",
            Traditional::EnGehe => "en-gehe",
            Traditional::I => "i",
            Traditional::Kay => "kay",
            Traditional::Adidada => "adidada",
            Traditional::ToguzKumalak => "toguz-kumalak",
        }
    }

    /// The game's usual name.
    pub const fn title(self) -> &'static str {
        match self {
            Traditional::Bohnenspiel => "Das Bohnenspiel",
            Traditional::Mankala => "Mankala",
            Traditional::Mangala => "Mangala",
            Traditional::VaiLungThlan => "Vai Lung Thlan",
            Traditional::Awari => "Awari",
            Traditional::Wari => "Wari",
            Traditional::Enindji => "Enindji",
            Traditional::FrenchWari => "French Wari",
            Traditional::EnGehe => "En Gehe",
            Traditional::I => "I",
            Traditional::Kay => "Kay",
            Traditional::Adidada => "Adidada",
            Traditional::ToguzKumalak => "Toguz Kumalak",
        }
    }

    /// The rules in a few sentences, for a player (as an interface would
    /// show them before a game).
    pub const fn summary(self) -> &'static str {
        match self {
            Traditional::Bohnenspiel => summaries::BOHNENSPIEL,
            Traditional::Mankala => summaries::MANKALA,
            Traditional::Mangala => summaries::MANGALA,
            Traditional::VaiLungThlan => summaries::VAI_LUNG_THLAN,
            Traditional::Awari => summaries::AWARI,
            Traditional::Wari => summaries::WARI,
            Traditional::Enindji => summaries::ENINDJI,
            Traditional::FrenchWari => summaries::FRENCH_WARI,
            Traditional::EnGehe => summaries::EN_GEHE,
            Traditional::I => summaries::I,
            Traditional::Kay => summaries::KAY,
            Traditional::Adidada => summaries::ADIDADA,
            Traditional::ToguzKumalak => summaries::TOGUZ_KUMALAK,
        }
    }

    /// Whether the game has state that [`Rules`] cannot hold, and so is
    /// played by a type of its own rather than by
    /// [`Mancala`](crate::Mancala) of its [`rules`](Traditional::rules):
    /// `true` only for Toguz Kumalak
    /// ([`ToguzKumalak`](crate::toguz::ToguzKumalak), for the tuzdik).
    pub const fn has_own_type(self) -> bool {
        matches!(self, Traditional::ToguzKumalak)
    }

    /// The catalogue game whose preset `rules` are, if any.
    pub fn of_rules(rules: &Rules) -> Option<Traditional> {
        Traditional::ALL.into_iter().find(|g| g.rules() == *rules)
    }

    /// The game by its [`name`](Traditional::name).
    pub fn from_name(name: &str) -> Option<Traditional> {
        Traditional::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The game's rules: for Toguz Kumalak the base rules, without the
    /// tuzdik (see [`has_own_type`](Traditional::has_own_type)).
    pub const fn rules(self) -> Rules {
        match self {
            Traditional::Bohnenspiel => Rules::bohnenspiel(),
            Traditional::Mankala => Rules::mankala(),
            Traditional::Mangala => Rules::mangala(),
            Traditional::VaiLungThlan => Rules::vai_lung_thlan(),
            Traditional::Awari => Rules::awari(),
            Traditional::Wari => Rules::wari(),
            Traditional::Enindji => Rules::enindji(),
            Traditional::FrenchWari => Rules::french_wari(),
            Traditional::EnGehe => Rules::en_gehe(),
            Traditional::I => Rules::i(),
            Traditional::Kay => Rules::kay(),
            Traditional::Adidada => Rules::adidada(),
            Traditional::ToguzKumalak => Rules::toguz_kumalak(),
        }
    }
}

impl fmt::Display for Traditional {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a catalogue game's.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("no catalogue game is named `{0}`")]
pub struct UnknownGame(pub alloc::string::String);

impl core::str::FromStr for Traditional {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Traditional, UnknownGame> {
        Traditional::from_name(s).ok_or_else(|| UnknownGame(s.into()))
    }
}

/// The sowing every catalogue game starts from: counter-clockwise, the
/// origin not passed over, never into a store.
const PLAIN_SOWING: SowSpec = SowSpec {
    direction: Direction::CounterClockwise,
    skip_origin: false,
    into_own_store: false,
    first_into_origin: false,
};

/// Ends only when the player to move has no legal move.
const NO_EARLY_END: EndRules = EndRules {
    majority: false,
    side_empty: false,
    repetition: false,
    at_most_left: None,
    each_at_most: None,
    pass: false,
};

/// A chain of holes of `counts` in any row, from the landing hole back to
/// the move's origin.
const fn chain_to_origin(counts: CountSet) -> Capture {
    Capture::Chain {
        zone: Zone::Any,
        counts,
        same_count: false,
        limit: ChainLimit::ToOrigin,
    }
}

/// The counts 2, 4 and 6.
const EVEN_TO_SIX: CountSet = CountSet::EMPTY.with(2).with(4).with(6);

impl Rules {
    /// Das Bohnenspiel as Ludii plays it (`Das Bohnenspiel.lud`).
    ///
    /// 1. Two rows of 6 holes, 6 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise.
    /// 3. If the last seed falls in a hole of either row that then holds 2,
    ///    4 or 6, that hole is taken, then each hole before it while it
    ///    holds 2, 4 or 6, in any row, up to the move's origin
    ///    ([`ChainLimit::ToOrigin`]). Grand slams are allowed; there is no
    ///    feeding and no extra turn.
    /// 4. The game ends when the player to move has no seeds. Each player
    ///    scores his captures plus the seeds left in his row
    ///    ([`Leftover::Stay`]; the rules text gives the remaining seeds to
    ///    the other player, which is the same when only the mover's row is
    ///    empty).
    pub const fn bohnenspiel() -> Rules {
        Rules {
            layout: Layout::two_rows(6),
            seeds: 6,
            sowing: PLAIN_SOWING,
            sowable: Sowable::ANY,
            relay: Relay::Never,
            relay_if: RelayConditions::NONE,
            endless: Endless::Forbid,
            capture: chain_to_origin(EVEN_TO_SIX),
            credit: Credit::Mover,
            grand_slam: GrandSlam::Allow,
            feeding: Feeding::Off,
            extra_turn: false,
            end: NO_EARLY_END,
            leftover: Leftover::Stay,
        }
    }

    /// Ludii's Mankala (`Mankala.lud`): [`Rules::bohnenspiel`], except
    /// that a player with no seeds passes ([`EndRules::pass`]), the game
    /// ends when neither player can move (the board is empty), and seeds
    /// left count for nobody ([`Leftover::Void`]).
    pub const fn mankala() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.end.pass = true;
        rules.leftover = Leftover::Void;
        rules
    }

    /// Mangala (Turkey) as Ludii plays its six-hole ruleset ("Six Holes
    /// (Observed)" of `Mangala.lud`, which reuses the seven-hole rules).
    ///
    /// 1. Two rows of 6 holes, 5 seeds each.
    /// 2. A move sows any non-empty own hole counter-clockwise.
    /// 3. If the last seed falls in a hole of either row that then holds 1
    ///    or 3, it is taken, then each hole before it while it holds 1 or 3,
    ///    in any row, up to the move's origin.
    /// 4. A player without seeds passes; the game ends when neither can
    ///    move. Seeds left count for nobody. (The rules text also has the
    ///    captured seeds sown again for a next round: not modelled.)
    pub const fn mangala() -> Rules {
        let mut rules = Rules::mankala();
        rules.seeds = 5;
        rules.capture = chain_to_origin(CountSet::EMPTY.with(1).with(3));
        rules
    }

    /// Vai Lung Thlan (India, Mizoram) as Ludii plays it.
    ///
    /// 1. Two rows of 6 holes, 5 seeds each.
    /// 2. A move sows any non-empty own hole **clockwise** (hole `h` to
    ///    `h - 1`).
    /// 3. If the last seed falls in a hole of either row that was empty (it
    ///    now holds 1), it is taken, then each hole before it
    ///    (counter-clockwise) while it holds 1, up to the move's origin.
    /// 4. The game ends when the player to move has no seeds; seeds left
    ///    count for nobody.
    pub const fn vai_lung_thlan() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.seeds = 5;
        rules.sowing.direction = Direction::Clockwise;
        rules.capture = chain_to_origin(CountSet::EMPTY.with(1));
        rules.leftover = Leftover::Void;
        rules
    }
}

impl Rules {
    /// Awari as Ludii plays it (`Awari.lud`).
    ///
    /// 1. Two rows of 6 holes, 4 seeds each.
    /// 2. A move sows any non-empty own hole counter-clockwise, passing over
    ///    the hole it was lifted from on every lap
    ///    ([`SowSpec::skip_origin`]).
    /// 3. If the last seed falls in the opponent's row in a hole that then
    ///    holds 2 or 3, it is taken, then each hole before it while it holds
    ///    2 or 3, within his row ([`ChainLimit::Row`]).
    /// 4. A move is legal only if the opponent has seeds in his row after
    ///    it: feeding and no grand slam in one rule ([`Feeding::Always`]). A
    ///    player without a legal move passes ([`EndRules::pass`]).
    /// 5. The game ends after any move or pass once every hole holds at most
    ///    one seed ([`EndRules::each_at_most`]), or when neither player can
    ///    move. Seeds left count for nobody. (The rules text's "provided the
    ///    player's sowing caused them" is not modelled, as in Ludii.)
    pub const fn awari() -> Rules {
        let mut rules = Rules::wari();
        rules.sowing.skip_origin = true;
        rules.capture = Capture::Chain {
            zone: Zone::Opponents,
            counts: CountSet::TWO_OR_THREE,
            same_count: false,
            limit: ChainLimit::Row,
        };
        rules.feeding = Feeding::Always;
        rules.end.pass = true;
        rules.end.each_at_most = Some(1);
        rules
    }

    /// Wari as Ludii plays it (`Wari.lud`).
    ///
    /// 1. Two rows of 6 holes, 4 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over).
    /// 3. If the last seed falls in a hole of either row that then holds
    ///    exactly 6, those 6 go to the mover's store; there is no chain
    ///    ([`ChainLimit::Landing`]). (The rules text: only in the
    ///    opponent's row.)
    /// 4. The game ends when the player to move has no seeds; the stores
    ///    alone count ([`Leftover::Void`]).
    pub const fn wari() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.seeds = 4;
        rules.capture = Capture::Chain {
            zone: Zone::Any,
            counts: CountSet::EMPTY.with(6),
            same_count: false,
            limit: ChainLimit::Landing,
        };
        rules.leftover = Leftover::Void;
        rules
    }
}

impl Rules {
    /// Enindji as Ludii plays it (`Enindji.lud`).
    ///
    /// 1. Two rows of 6 holes, 4 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise, passing over
    ///    the hole it was lifted from.
    /// 3. If the last seed falls in a hole of either row that then holds
    ///    exactly 4, those 4 go to **the store of that hole's owner**,
    ///    whoever sowed ([`Credit::Owner`]); there is no chain.
    /// 4. A move is legal only if the opponent keeps seeds in his row after
    ///    it (as in [`Rules::awari`]); a player without a legal move
    ///    passes, and the game ends when neither can move.
    /// 5. Each player scores his store plus the seeds left in his row
    ///    ([`Leftover::Stay`]). (Ludii offers a vote to end a cycle of
    ///    three repeats of four plies; it is not modelled.)
    pub const fn enindji() -> Rules {
        let mut rules = Rules::awari();
        rules.capture = Capture::Chain {
            zone: Zone::Any,
            counts: CountSet::EMPTY.with(4),
            same_count: false,
            limit: ChainLimit::Landing,
        };
        rules.credit = Credit::Owner;
        rules.end.each_at_most = None;
        rules.leftover = Leftover::Stay;
        rules
    }
}

impl Rules {
    /// French Wari as Ludii plays it (`French Wari.lud`).
    ///
    /// 1. Two rows of 6 holes, 4 seeds each.
    /// 2. A move sows any non-empty own hole counter-clockwise; a lap whose
    ///    last seed falls in a hole that then holds more than one lifts that
    ///    hole and sows on, in the same move ([`Relay::AtLeast`] 2).
    /// 3. A lap that ends in an empty hole of either row (it now holds 1)
    ///    takes the seeds of the opposite hole, if any; the lone seed stays
    ///    ([`Capture::Opposite`] in [`Zone::Any`], `take_lone: false`).
    /// 4. A move whose relays never end is not legal ([`Endless::Forbid`],
    ///    the family's convention; Ludii never ends such a move).
    /// 5. The game ends when the player to move has no seeds; each player
    ///    scores his captures plus the seeds left in his row.
    pub const fn french_wari() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.seeds = 4;
        rules.relay = Relay::AtLeast(2);
        rules.capture = Capture::Opposite {
            require_opposite: true,
            zone: Zone::Any,
            take_lone: false,
        };
        rules
    }
}

impl Rules {
    /// En Gehe (Tanzania) as Ludii plays its 40-hole board ("Board
    /// Size/40", ruleset "Merker (Observed)" of `En Gehe.lud`).
    ///
    /// 1. Two rows of 40 holes, 4 seeds each (Ludii's board sizes run to
    ///    2x50: [`Rules::with_houses`]).
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over); a lap whose last seed falls in a hole that
    ///    then holds more than one lifts that hole and sows on, in the same
    ///    move ([`Relay::AtLeast`] 2).
    /// 3. A lap that ends in an empty hole of the mover's own row (it now
    ///    holds 1) facing a non-empty hole takes both: the seeds opposite
    ///    and the lone seed ([`Capture::Opposite`] in [`Zone::Own`],
    ///    `take_lone: true`); otherwise nothing.
    /// 4. A move whose relays never end is not legal ([`Endless::Forbid`],
    ///    the family's convention; Ludii never ends such a move).
    /// 5. The game ends when the player to move has no legal move (no
    ///    seeds, or only endless moves); each player scores his captures
    ///    plus the seeds left in his row ([`Leftover::Stay`]).
    pub const fn en_gehe() -> Rules {
        let mut rules = Rules::french_wari();
        rules.layout = Layout::two_rows(40);
        rules.capture = Capture::Opposite {
            require_opposite: true,
            zone: Zone::Own,
            take_lone: true,
        };
        rules
    }
}

impl Rules {
    /// I as Ludii plays it (`I.lud`, "Board Size/3").
    ///
    /// 1. Two rows of 3 holes, 4 seeds each.
    /// 2. A move sows one of the mover's holes holding **two or more**
    ///    seeds ([`Sowable::at_least`] 2), counter-clockwise.
    /// 3. If the last seed falls in a hole of either row that then holds 2
    ///    or 3, it is taken, and so is each of its neighbours in its row
    ///    (one or two; not a chain) that holds 2 or 3
    ///    ([`ChainLimit::Neighbours`]).
    /// 4. A player who cannot sow passes; the game ends when neither can.
    ///    The captures alone count ([`Leftover::Void`]).
    ///
    /// Random play can go round for ever (Ludii cuts such games): the
    /// rules have no end for a cycle. [`EndRules::repetition`]
    /// (`repetition=true`) ends the game when a position repeats since
    /// the last capture.
    pub const fn i() -> Rules {
        let mut rules = Rules::mankala();
        rules.layout = Layout::two_rows(3);
        rules.seeds = 4;
        rules.sowable = Sowable::at_least(2);
        rules.capture = Capture::Chain {
            zone: Zone::Any,
            counts: CountSet::TWO_OR_THREE,
            same_count: false,
            limit: ChainLimit::Neighbours,
        };
        rules
    }

    /// Kay as Ludii plays it (`Kay.lud`).
    ///
    /// 1. Two rows of 6 holes, 4 seeds each, a store each.
    /// 2. A move sows one of the mover's holes holding two or more seeds,
    ///    or exactly one when the next hole is empty ([`Sowable`] with
    ///    `lone_into_empty`), counter-clockwise; every lap passes over the
    ///    hole it was lifted from.
    /// 3. If a lap's last seed falls in a hole of either row that then
    ///    holds 4 (the rules text: only in the opponent's row), it is
    ///    taken, then each hole before it while it holds 4, up to the
    ///    move's origin, and the move ends
    ///    ([`RelayConditions::capture_first`]).
    /// 4. Otherwise, if that hole holds more than one seed and the next
    ///    hole holds seeds ([`RelayConditions::next_occupied`]), its seeds
    ///    are lifted and sown on; else the move ends. A move whose relays
    ///    never end is not legal (the family's convention; Ludii never
    ///    ends one).
    /// 5. The game ends when the player to move cannot sow; the stores
    ///    alone count ([`Leftover::Void`]).
    pub const fn kay() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.seeds = 4;
        rules.sowing.skip_origin = true;
        rules.sowable = Sowable {
            min_seeds: 2,
            lone_into_empty: true,
        };
        rules.relay = Relay::AtLeast(2);
        rules.relay_if = RelayConditions {
            next_occupied: true,
            capture_first: true,
        };
        rules.capture = chain_to_origin(CountSet::EMPTY.with(4));
        rules.leftover = Leftover::Void;
        rules
    }
}

impl Rules {
    /// Adidada as Ludii plays it (`Adidada.lud`; the rules document's
    /// second catalogue, section "Adidada").
    ///
    /// 1. Two rows of 6 holes, 4 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over).
    /// 3. If the last seed falls in the opponent's row in a hole that then
    ///    holds 2 or 3, it is taken, then each hole before it while it holds
    ///    2 or 3, within his row ([`ChainLimit::Row`]; the move's origin, in
    ///    the mover's row, is never reached). (The rules text: captures in
    ///    either row.) Grand slams are allowed; there is no feeding and no
    ///    extra turn.
    /// 4. The game ends when the player to move has no seeds. Each player
    ///    scores his captures plus the seeds left in his row
    ///    ([`Leftover::Stay`]; Ludii's score reads the store as 0 and
    ///    counts the row alone, a defect its recorded games are cut
    ///    before; the rules text: the most captures wins).
    pub const fn adidada() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.seeds = 4;
        rules.capture = Capture::Chain {
            zone: Zone::Opponents,
            counts: CountSet::TWO_OR_THREE,
            same_count: false,
            limit: ChainLimit::Row,
        };
        rules
    }
}

/// The even counts a [`CountSet`] holds: 2 to 62.
const EVENS: CountSet = {
    let mut set = CountSet::EMPTY;
    let mut count = 2;
    while count < 64 {
        set = set.with(count);
        count += 2;
    }
    set
};

impl Rules {
    /// Toguz Kumalak's base rules: everything but the tuzdik, which
    /// [`ToguzKumalak`](crate::toguz::ToguzKumalak) adds (played as a
    /// [`Mancala`](crate::Mancala) these rules are not the game).
    ///
    /// 1. Two rows of 9 holes, 9 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise, the first
    ///    seed back into that hole unless it held exactly one
    ///    ([`SowSpec::first_into_origin`]).
    /// 3. If the last seed falls in the opponent's row in a hole that then
    ///    holds an even count, it is taken; no chain. (A [`CountSet`] holds
    ///    counts up to 63, so these rules list the evens 2 to 62;
    ///    `ToguzKumalak` takes any even count.)
    /// 4. The game ends when the player to move has no seeds; each player
    ///    scores his store plus the seeds left in his row.
    pub const fn toguz_kumalak() -> Rules {
        let mut rules = Rules::wari();
        rules.layout = Layout::two_rows(9);
        rules.seeds = 9;
        rules.sowing.first_into_origin = true;
        rules.capture = Capture::Chain {
            zone: Zone::Opponents,
            counts: EVENS,
            same_count: false,
            limit: ChainLimit::Landing,
        };
        rules.leftover = Leftover::Stay;
        rules
    }
}

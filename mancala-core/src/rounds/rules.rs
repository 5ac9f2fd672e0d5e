//! The rules of a match of rounds, as data: how a lap sows (stores, closed
//! holes), what its landing does, when a round and the match end, and how
//! the players fill their holes again between rounds. Each game of the
//! family is a preset.

use crate::topology::{Direction, StoreSide};

/// The most houses a row of a round game may have.
pub const MAX_ROUND_HOUSES: usize = 12;

/// The stores a lap drops seeds into as it passes them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum SownStores {
    /// None: the players keep their seeds in hand (Erherhe, Khrour,
    /// Pallanguzhi).
    None,
    /// The mover's own, the opponent's skipped (Sungka, Galatjang, Ovalhu,
    /// Dakon).
    Own,
    /// Both, each seed in a store its owner's (Congkak).
    Both,
}

/// When the landing hole is sown on from (a relay, in the same move).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum RoundRelay {
    /// Never (Erherhe, Khrour).
    Never,
    /// When it now holds more than one seed (Sungka, Congkak, Galatjang,
    /// Ovalhu).
    Occupied,
    /// When it now holds more than one seed but not four (Pallanguzhi).
    OccupiedNotFour,
    /// In the opponent's row when it now holds more than one seed; in the
    /// mover's own row the mover chooses to relay or to capture
    /// ([`RoundAction::Relay`](super::RoundAction::Relay),
    /// [`RoundAction::Capture`](super::RoundAction::Capture): Dakon).
    OpponentRowOrChoice,
}

/// What a last seed falling into an empty hole (now holding one) does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum LoneSeed {
    /// Nothing: the move is over.
    Nothing,
    /// In the mover's own row (open or closed), the seeds of the opposite
    /// hole go to his store; the lone seed stays (Sungka, Congkak,
    /// Galatjang).
    TakeOppositeOwnRow,
    /// In either row, the same (Ovalhu).
    TakeOpposite,
    /// The next hole's seeds, on the ring (closed or not), go to the
    /// mover's store (Pallanguzhi).
    TakeNext,
}

/// A capture of the landing hole by its count (the games without relays).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct CountTake {
    /// The counts taken, as bits (bit `k`: a hole holding `k` seeds).
    pub counts: u16,
    /// Only in the opponent's row (Erherhe); else in either row.
    pub opponent_row: bool,
    /// Only an open hole (Khrour).
    pub open_only: bool,
    /// The landing hole's one or two neighbours in its row holding one of
    /// the counts are taken too (Erherhe; not a chain).
    pub neighbours: bool,
}

/// When a round ends (judged after every lap and after a move's capture).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum RoundEnd {
    /// The board is empty (Sungka, Ovalhu, Khrour, Dakon).
    BoardEmpty,
    /// A row is empty; the seeds left go to their row's owner (Congkak,
    /// Erherhe, Pallanguzhi).
    RowEmpty,
    /// No open hole holds a seed; the seeds of the closed holes go to
    /// their owner (Galatjang).
    NoOpenSeeds,
}

/// When the match ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum MatchEnd {
    /// At a round's end, a store holding fewer seeds than this: the other
    /// player wins.
    StoreBelow(u16),
    /// After every lap and pass, fewer seeds than this outside the store of
    /// the player who made it (the board and the other store): he wins
    /// (Galatjang).
    MoverHoldsAllBut(u16),
}

/// Which of his empty holes a player fills.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum FillOrder {
    /// Any, his choice (Sungka, Galatjang, Ovalhu, Khrour).
    Any,
    /// The leftmost, from his left (Erherhe, Pallanguzhi).
    Leftmost,
    /// The rightmost (Congkak, Dakon).
    Rightmost,
}

/// What a player with fewer seeds than a fill does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum PartialFill {
    /// He cannot fill.
    None,
    /// He puts them all into the hole, which is open (Erherhe).
    Open,
    /// He puts them all into the hole, which stays closed until it holds a
    /// whole fill (Khrour).
    Closed,
}

/// The rules of a match of rounds on two rows. Every game of the family is
/// a preset ([`RoundRules::sungka`], ...); ROUNDS.md in the repository
/// states them in words.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct RoundRules {
    /// Houses in each row (1 to [`MAX_ROUND_HOUSES`]).
    pub houses: u8,
    /// Seeds in each house at the start, and a whole fill.
    pub seeds: u16,
    /// The way seeds go.
    pub direction: Direction,
    /// Where each player's store sits.
    pub store_side: StoreSide,
    /// The stores a lap sows.
    pub stores: SownStores,
    /// A last seed in the mover's store gives him another move (else the
    /// move is over).
    pub store_again: bool,
    /// A lap passes closed holes over (else they receive seeds, and are
    /// still never sown from).
    pub skip_closed: bool,
    /// When a move relays.
    pub relay: RoundRelay,
    /// What a last seed into an empty hole does.
    pub lone: LoneSeed,
    /// A capture by the landing hole's count, if any.
    pub count_take: Option<CountTake>,
    /// After every lap, each hole of its span (from its origin the lap's
    /// count of steps on, the short way round) holding exactly four is
    /// taken by its row's owner (Pallanguzhi).
    pub fours: bool,
    /// After every move, a closed hole holding at least this many seeds
    /// opens (Khrour: 4).
    pub reopen_at: Option<u16>,
    /// When a round ends.
    pub round_end: RoundEnd,
    /// When the match ends.
    pub match_end: MatchEnd,
    /// Which hole a fill goes into.
    pub fill_order: FillOrder,
    /// A fill of fewer seeds.
    pub partial: PartialFill,
    /// The refill ends right after a fill that leaves a row full and the
    /// other player's store below a fill (Galatjang); else when both
    /// players pass in a row.
    pub refill_ends_full: bool,
    /// The holes left unfilled are closed for the next round (all but
    /// Sungka).
    pub closes: bool,
    /// The player who did not make the round's last move fills first
    /// (Sungka); else the player who would move next.
    pub other_fills_first: bool,
}

/// The shared part of the presets: Sungka's choices, which each preset
/// changes.
const BASE: RoundRules = RoundRules {
    houses: 7,
    seeds: 7,
    direction: Direction::Clockwise,
    store_side: StoreSide::Left,
    stores: SownStores::Own,
    store_again: true,
    skip_closed: true,
    relay: RoundRelay::Occupied,
    lone: LoneSeed::TakeOppositeOwnRow,
    count_take: None,
    fours: false,
    reopen_at: None,
    round_end: RoundEnd::BoardEmpty,
    match_end: MatchEnd::StoreBelow(7),
    fill_order: FillOrder::Any,
    partial: PartialFill::None,
    refill_ends_full: false,
    closes: true,
    other_fills_first: false,
};

impl RoundRules {
    /// Sungka (Philippines): 2 x 7, 7 seeds, clockwise through the own
    /// store (on the owner's left); the store gives another move, a lone
    /// seed in the own row takes the opposite hole, an occupied hole
    /// relays. The round ends with the board empty; the player who did not
    /// end it fills first, 7 seeds into any empty hole; no hole is ever
    /// closed (as Ludii plays it). A store below 7 loses.
    pub const fn sungka() -> RoundRules {
        RoundRules {
            closes: false,
            other_fills_first: true,
            ..BASE
        }
    }

    /// Congkak (Malaysia, Skeat's observation): 2 x 6, 6 seeds, clockwise
    /// through both stores (each on its owner's left), closed holes passed
    /// over; a lone seed in the own row takes the opposite hole, the own
    /// store gives another move, an occupied hole relays. The round ends
    /// when a row is empty; fills of 6 into the rightmost empty hole. A
    /// store below 6 loses.
    pub const fn congkak() -> RoundRules {
        RoundRules {
            houses: 6,
            seeds: 6,
            stores: SownStores::Both,
            round_end: RoundEnd::RowEmpty,
            match_end: MatchEnd::StoreBelow(6),
            fill_order: FillOrder::Rightmost,
            ..BASE
        }
    }

    /// Galatjang (Java): 2 x 6, 7 seeds, counter-clockwise through the own
    /// store (on the owner's right); closed holes receive seeds. The store
    /// gives another move, an occupied hole relays, a lone seed in the own
    /// row takes the opposite hole. The round ends when no open hole holds
    /// a seed; the mover wins once fewer than 7 seeds lie outside his
    /// store. Fills of 7 into any empty hole until a row is full and the
    /// other store cannot fill.
    pub const fn galatjang() -> RoundRules {
        RoundRules {
            houses: 6,
            direction: Direction::CounterClockwise,
            store_side: StoreSide::Right,
            skip_closed: false,
            round_end: RoundEnd::NoOpenSeeds,
            match_end: MatchEnd::MoverHoldsAllBut(7),
            refill_ends_full: true,
            ..BASE
        }
    }

    /// Ovalhu (Maldives): 2 x 8, 8 seeds, counter-clockwise through the own
    /// store (on the owner's right), closed holes passed over; the store
    /// gives another move, an occupied hole relays, a lone seed in either
    /// row takes the opposite hole. The round ends with the board empty;
    /// fills of 8 into any empty hole. A store below 8 loses.
    pub const fn ovalhu() -> RoundRules {
        RoundRules {
            houses: 8,
            seeds: 8,
            direction: Direction::CounterClockwise,
            store_side: StoreSide::Right,
            lone: LoneSeed::TakeOpposite,
            match_end: MatchEnd::StoreBelow(8),
            ..BASE
        }
    }

    /// Erherhe (Eritrea): 2 x 6, 4 seeds, counter-clockwise, no store sown,
    /// closed holes passed over, no relay; a landing hole of the
    /// opponent's row holding 2 or 4 is taken with its row neighbours
    /// holding 2 or 4. The round ends when a row is empty; fills of 4 (or a
    /// whole smaller store, open) into the leftmost empty hole. A store of 0
    /// loses.
    pub const fn erherhe() -> RoundRules {
        RoundRules {
            houses: 6,
            seeds: 4,
            direction: Direction::CounterClockwise,
            stores: SownStores::None,
            store_again: false,
            relay: RoundRelay::Never,
            lone: LoneSeed::Nothing,
            count_take: Some(CountTake {
                counts: 1 << 2 | 1 << 4,
                opponent_row: true,
                open_only: false,
                neighbours: true,
            }),
            round_end: RoundEnd::RowEmpty,
            match_end: MatchEnd::StoreBelow(1),
            fill_order: FillOrder::Leftmost,
            partial: PartialFill::Open,
            ..BASE
        }
    }

    /// Khrour (Mauritania, Moudjeria): 2 x 2, 4 seeds, counter-clockwise,
    /// hands, closed holes receive seeds, no relay; an open landing hole
    /// holding 2, 4, 6 or 8 is taken; a closed hole holding 4 or more
    /// opens after a move. The round ends with the board empty; fills of 4
    /// (or a whole smaller hand, closed) into any empty hole. A hand of 0
    /// loses.
    pub const fn khrour() -> RoundRules {
        RoundRules {
            houses: 2,
            seeds: 4,
            direction: Direction::CounterClockwise,
            stores: SownStores::None,
            store_again: false,
            skip_closed: false,
            relay: RoundRelay::Never,
            lone: LoneSeed::Nothing,
            count_take: Some(CountTake {
                counts: 1 << 2 | 1 << 4 | 1 << 6 | 1 << 8,
                opponent_row: false,
                open_only: true,
                neighbours: false,
            }),
            reopen_at: Some(4),
            match_end: MatchEnd::StoreBelow(1),
            partial: PartialFill::Closed,
            ..BASE
        }
    }

    /// Dakon (Java, papan dakon): 2 x 7, 7 seeds, clockwise through the own
    /// store (on the owner's left), closed holes passed over; the store or
    /// an empty hole ends the move; an occupied hole of the opponent's row
    /// relays, one of the mover's row lets him choose to relay or to
    /// capture (the last seed moved into the opposite hole, which goes to
    /// his store). The round ends with the board empty; fills of 7 into the
    /// rightmost empty hole. A store below 7 loses.
    pub const fn dakon() -> RoundRules {
        RoundRules {
            store_again: false,
            relay: RoundRelay::OpponentRowOrChoice,
            lone: LoneSeed::Nothing,
            fill_order: FillOrder::Rightmost,
            ..BASE
        }
    }

    /// Pallanguzhi (South India): 2 x 7, 6 seeds, counter-clockwise, hands,
    /// closed holes passed over; every hole of a lap's span holding four is
    /// taken by its row's owner; a lone seed takes the next hole, an
    /// occupied hole relays unless it holds four. The round ends when a row
    /// is empty; fills of 6 into the leftmost empty hole. A hand below 6
    /// loses.
    pub const fn pallanguzhi() -> RoundRules {
        RoundRules {
            seeds: 6,
            direction: Direction::CounterClockwise,
            stores: SownStores::None,
            store_again: false,
            relay: RoundRelay::OccupiedNotFour,
            lone: LoneSeed::TakeNext,
            fours: true,
            round_end: RoundEnd::RowEmpty,
            match_end: MatchEnd::StoreBelow(6),
            fill_order: FillOrder::Leftmost,
            ..BASE
        }
    }

    /// The holes on the board.
    pub const fn holes(&self) -> usize {
        2 * self.houses as usize
    }

    /// Every preset by its name (the registry's and the traces' names).
    pub const PRESETS: [(&'static str, RoundRules); 8] = [
        ("sungka", RoundRules::sungka()),
        ("congkak", RoundRules::congkak()),
        ("galatjang", RoundRules::galatjang()),
        ("ovalhu", RoundRules::ovalhu()),
        ("erherhe", RoundRules::erherhe()),
        ("khrour", RoundRules::khrour()),
        ("dakon", RoundRules::dakon()),
        ("pallanguzhi", RoundRules::pallanguzhi()),
    ];

    /// The preset named `name`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::rounds::RoundRules;
    ///
    /// assert_eq!(RoundRules::named("dakon"), Some(RoundRules::dakon()));
    /// assert_eq!(RoundRules::dakon().name(), Some("dakon"));
    /// assert_eq!(RoundRules::named("oware"), None);
    /// ```
    pub fn named(name: &str) -> Option<RoundRules> {
        RoundRules::PRESETS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, rules)| rules)
    }

    /// The name of the preset these rules are, if they are one.
    pub fn name(&self) -> Option<&'static str> {
        RoundRules::PRESETS
            .iter()
            .find(|(_, rules)| rules == self)
            .map(|&(name, _)| name)
    }
}

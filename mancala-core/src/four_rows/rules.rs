//! The rules of a four-row game, as data: the board and its start, which
//! holes may be sown, what a lap's landing does (relay, capture, where the
//! captured seeds go), and how the game ends. Each game of the family is a
//! preset.

/// The most holes a row of a four-row board may have (Hus (Nama): 16).
pub const MAX_COLUMNS: usize = 16;

/// The holes of the largest board.
pub(super) const MAX_HOLES: usize = 4 * MAX_COLUMNS;

/// A fixed opening: each player's first move is one of a few moves with a
/// fixed effect.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Opening {
    /// None: the first move is like any other.
    None,
    /// Hus (Nama)'s four openings, by ring position (`h = C/2`): `h-2`
    /// (its seeds into `h+1`, then two from `h+1` into `h+2` and `h+3`),
    /// `h+2` and `2C-1-h` (one seed into `2C-2-h`, one into `2C-3-h`),
    /// and `h-1` (sown as any lap, with no relay and no capture). Needs an
    /// even `C` of 8 or more and 2 seeds in every hole of the start's
    /// outer row and its `C/2` rightmost inner holes, at least.
    HusNama,
}

crate::option_words!(Opening, "none or hus-nama", [Opening::None => "none", Opening::HusNama => "hus-nama"]);

/// Which holes a player with no hole of [`FourRowRules::sow_min`] seeds
/// may sow instead.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Fallback {
    /// None: he has no sowing move (Hus (Nama), Moruba, Hus (Damara),
    /// Omweso).
    None,
    /// Any hole holding one seed (Hawalis).
    Single,
    /// A hole holding one seed whose next hole (counter-clockwise) is
    /// empty (Tsoro).
    SingleIntoEmpty,
}

crate::option_words!(Fallback, "none, single or single-into-empty", [Fallback::None => "none", Fallback::Single => "single", Fallback::SingleIntoEmpty => "single-into-empty"]);

/// The counts of a landing hole (after the lap) that can capture.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum LandingCount {
    /// One: the hole was empty (Tsoro, Hawalis).
    Lone,
    /// Two or more: the hole was occupied (Hus (Nama), Hus (Damara),
    /// Omweso).
    Occupied,
    /// Any (Moruba).
    Any,
}

crate::option_words!(LandingCount, "lone, occupied or any", [LandingCount::Lone => "lone", LandingCount::Occupied => "occupied", LandingCount::Any => "any"]);

/// The seeds a capture takes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Taken {
    /// The opposite inner hole's (Hawalis).
    Inner,
    /// The opposite inner and outer holes' (Tsoro, Moruba, Hus (Nama),
    /// Omweso).
    InnerOuter,
    /// Those and the landing hole's own (Hus (Damara)).
    InnerOuterLanding,
}

crate::option_words!(Taken, "inner, inner-outer or inner-outer-landing", [Taken::Inner => "inner", Taken::InnerOuter => "inner-outer", Taken::InnerOuterLanding => "inner-outer-landing"]);

/// Where captured seeds go.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum CapturedSeeds {
    /// To the capturer's store (Tsoro, Moruba, Hawalis, Hus (Damara)).
    Store,
    /// Into the landing hole, from which some are sown on from the next
    /// hole, counter-clockwise: all of them after an outer landing hole or
    /// when the opposite outer hole was empty; after an inner one with the
    /// opposite outer hole occupied, only that hole's seeds (the opposite
    /// inner hole's stay in the landing hole), as Ludii counts them (Hus
    /// (Nama)).
    SowFromLanding,
    /// Sown counter-clockwise, whatever the move's direction, from the
    /// hole after the one the capturing lap began from (Omweso).
    SowFromLapStart,
}

crate::option_words!(CapturedSeeds, "store, sow-from-landing or sow-from-lap-start", [CapturedSeeds::Store => "store", CapturedSeeds::SowFromLanding => "sow-from-landing", CapturedSeeds::SowFromLapStart => "sow-from-lap-start"]);

/// What the turn does after a capture.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum AfterCapture {
    /// It is over (Tsoro, Moruba, Hawalis, Hus (Nama)).
    Over,
    /// If the hole after the landing hole holds 2 or more, a new lap sows
    /// it; else the turn is over (Hus (Damara)).
    SowNextIfTwo,
    /// The landing hole relays, whatever it holds (Omweso).
    Relay,
}

crate::option_words!(AfterCapture, "over, sow-next-if-two or relay", [AfterCapture::Over => "over", AfterCapture::SowNextIfTwo => "sow-next-if-two", AfterCapture::Relay => "relay"]);

/// A capture: when a lap's landing hole takes seeds from the opponent's
/// holes facing it, and what becomes of them.
///
/// The opponent's holes facing an inner landing hole are his inner hole
/// across (the *opposite inner*) and the outer hole behind it (the
/// *opposite outer*); facing an outer landing hole, his inner and outer
/// holes of its column ([`outer`](FourRowCapture::outer)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct FourRowCapture {
    /// The landing hole's counts that capture.
    pub landing: LandingCount,
    /// An outer landing hole captures too (Hus (Nama)); else only an inner
    /// one.
    pub outer: bool,
    /// The opposite outer hole must be occupied too (Hus (Damara),
    /// Omweso); else the opposite inner hole alone must be.
    pub both_occupied: bool,
    /// What is taken.
    pub taken: Taken,
    /// Where the seeds taken go.
    pub seeds_to: CapturedSeeds,
    /// What the turn does then.
    pub then: AfterCapture,
}

/// How the game ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum FourRowEnd {
    /// A player with no sowing move passes; the opponent's next move ends
    /// after its first lap, and the player who passed loses. If both pass
    /// in a row, the first to pass loses (Hus (Nama)).
    PassThenLose,
    /// After every lap, relays included, a player whose ring is empty
    /// loses; a player with seeds but no move passes (Tsoro).
    RingEmptyLoses,
    /// When the player to move has no seed in his ring, the game is over:
    /// the higher score wins, equal scores draw
    /// ([`FourRowRules::ring_scores`]); a player with seeds but no move
    /// passes (Moruba, Hawalis, Hus (Damara)).
    NoSeedsScores,
    /// After a turn, a player to move who has no move loses (Omweso).
    NoMoveLoses,
}

crate::option_words!(FourRowEnd, "pass-then-lose, ring-empty-loses, no-seeds-scores or no-move-loses", [FourRowEnd::PassThenLose => "pass-then-lose", FourRowEnd::RingEmptyLoses => "ring-empty-loses", FourRowEnd::NoSeedsScores => "no-seeds-scores", FourRowEnd::NoMoveLoses => "no-move-loses"]);

/// The rules of a game on four rows: each player owns two rows of
/// [`columns`](FourRowRules::columns) holes, his *ring*, and sows round it
/// only. Every game of the family is a preset ([`FourRowRules::tsoro`],
/// ...); RULES.md in the repository states them in words.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct FourRowRules {
    /// Holes in each row, `C` (4 to [`MAX_COLUMNS`]): the board has `4C`.
    pub columns: u8,
    /// Seeds in each outer hole at the start.
    pub outer_seeds: u16,
    /// Seeds in each of the [`inner_holes`](FourRowRules::inner_holes)
    /// rightmost inner holes at the start (ring positions `C` on); the
    /// other inner holes start empty.
    pub inner_seeds: u16,
    /// How many inner holes start with seeds (0 to `C`).
    pub inner_holes: u8,
    /// Seeds in each player's hand at the start, placed one a turn into
    /// his holes before any sowing, the players alternating (Omweso: 32).
    pub hand: u16,
    /// A fixed opening.
    pub opening: Opening,
    /// The fewest seeds a hole must hold to be sown (1 or more).
    pub sow_min: u16,
    /// What a player with no such hole may sow.
    pub fallback: Fallback,
    /// Omweso's clockwise moves: one of the mover's four left-hand holes
    /// (ring positions 0, 1, `2C-2`, `2C-1`) holding 2 or more may be sown
    /// clockwise when the first lap's landing hole is an inner hole whose
    /// opposite inner and outer holes are both occupied; every lap of that
    /// turn goes clockwise. Otherwise sowing is counter-clockwise.
    pub clockwise: bool,
    /// A landing hole holding 2 or more after the lap is sown on (a relay,
    /// same turn), unless a capture says otherwise.
    pub relay: bool,
    /// The capture.
    pub capture: FourRowCapture,
    /// How the game ends.
    pub end: FourRowEnd,
    /// A player's score counts the seeds in his ring besides his store
    /// (Hawalis, Hus (Damara), and the games won by a rule rather than a
    /// count); else his store alone (Tsoro, Moruba).
    pub ring_scores: bool,
}

/// Tsoro's capture, which the other presets change.
const TSORO_CAPTURE: FourRowCapture = FourRowCapture {
    landing: LandingCount::Lone,
    outer: false,
    both_occupied: false,
    taken: Taken::InnerOuter,
    seeds_to: CapturedSeeds::Store,
    then: AfterCapture::Over,
};

/// The shared part of the presets: Tsoro's choices, which each preset
/// changes.
const BASE: FourRowRules = FourRowRules {
    columns: 8,
    outer_seeds: 2,
    inner_seeds: 0,
    inner_holes: 0,
    hand: 0,
    opening: Opening::None,
    sow_min: 2,
    fallback: Fallback::SingleIntoEmpty,
    clockwise: false,
    relay: true,
    capture: TSORO_CAPTURE,
    end: FourRowEnd::RingEmptyLoses,
    ring_scores: false,
};

impl FourRowRules {
    /// Hus (Nama) (Namibia, Schultze's description): 4 x 16, 2 seeds in
    /// every outer hole and the 8 rightmost inner holes. Each player's
    /// first move is one of four fixed openings; then a hole of 2 or more
    /// is sown. A landing hole now holding 2 or more relays unless the
    /// opponent's inner hole of its column is occupied: then that hole and
    /// the outer one behind it are emptied into the landing hole, and
    /// seeds are sown on from the next hole (all of them, or only the outer
    /// hole's after an inner landing hole with both occupied, as Ludii
    /// counts); the turn is over. Seeds never leave the board. A player
    /// who cannot move passes and loses after his opponent's next lap.
    pub const fn hus_nama() -> FourRowRules {
        FourRowRules {
            columns: 16,
            inner_seeds: 2,
            inner_holes: 8,
            opening: Opening::HusNama,
            fallback: Fallback::None,
            capture: FourRowCapture {
                landing: LandingCount::Occupied,
                outer: true,
                seeds_to: CapturedSeeds::SowFromLanding,
                ..TSORO_CAPTURE
            },
            end: FourRowEnd::PassThenLose,
            ring_scores: true,
            ..BASE
        }
    }

    /// Tsoro (Zimbabwe, observed): 4 x 8, 2 seeds in every outer hole. A
    /// hole of 2 or more is sown, or, with none, a single seed into an
    /// empty hole. A landing hole now holding 2 or more relays; one now
    /// holding 1 in the inner row takes the opposite inner hole's seeds
    /// and the outer hole's behind it, off the board. After every lap, a
    /// player whose ring is empty loses.
    pub const fn tsoro() -> FourRowRules {
        BASE
    }

    /// Moruba (South Africa, Pedi): 4 x 12, 4 seeds in every hole. Any
    /// non-empty hole is sown, one lap, no relay; a landing hole in the
    /// inner row takes the opposite inner and outer holes' seeds if the
    /// inner one is occupied. When the player to move has no seed, the
    /// larger store wins.
    pub const fn moruba() -> FourRowRules {
        FourRowRules {
            columns: 12,
            outer_seeds: 4,
            inner_seeds: 4,
            inner_holes: 12,
            sow_min: 1,
            fallback: Fallback::None,
            relay: false,
            capture: FourRowCapture {
                landing: LandingCount::Any,
                ..TSORO_CAPTURE
            },
            end: FourRowEnd::NoSeedsScores,
            ..BASE
        }
    }

    /// Hawalis (Oman): 4 x 7, 2 seeds in every hole. A hole of 2 or more
    /// is sown, or, with none, a single seed; one lap, no relay. A last
    /// seed into an empty inner hole takes the opposite inner hole's seeds.
    /// When the player to move has no seed, store plus ring scores.
    pub const fn hawalis() -> FourRowRules {
        FourRowRules {
            columns: 7,
            inner_seeds: 2,
            inner_holes: 7,
            fallback: Fallback::Single,
            relay: false,
            capture: FourRowCapture {
                taken: Taken::Inner,
                ..TSORO_CAPTURE
            },
            end: FourRowEnd::NoSeedsScores,
            ring_scores: true,
            ..BASE
        }
    }

    /// Hus (Damara) (Namibia, observed; sowing from one seed on): 4 x 12,
    /// 2 seeds in every outer hole and the 4 rightmost inner holes. Any
    /// non-empty hole is sown. A landing hole now holding 2 or more relays,
    /// unless it is an inner hole facing two occupied holes: then the
    /// mover takes all three, and sows on from the next hole if it holds 2
    /// or more. When the player to move has no seed, store plus ring
    /// scores.
    pub const fn hus_damara() -> FourRowRules {
        FourRowRules {
            columns: 12,
            inner_seeds: 2,
            inner_holes: 4,
            sow_min: 1,
            fallback: Fallback::None,
            capture: FourRowCapture {
                landing: LandingCount::Occupied,
                both_occupied: true,
                taken: Taken::InnerOuterLanding,
                then: AfterCapture::SowNextIfTwo,
                ..TSORO_CAPTURE
            },
            end: FourRowEnd::NoSeedsScores,
            ring_scores: true,
            ..BASE
        }
    }

    /// Omweso (Uganda): 4 x 8, an empty board and 32 seeds in each hand,
    /// placed one a turn. Then a hole of 2 or more is sown
    /// counter-clockwise, or one of the four left-hand holes clockwise
    /// when its first lap would end facing two occupied holes. A landing
    /// hole now holding 2 or more relays; if it is an inner hole facing
    /// two occupied holes, their seeds are first sown again
    /// counter-clockwise from the hole after the lap's start. A player who
    /// cannot move loses.
    pub const fn omweso() -> FourRowRules {
        FourRowRules {
            outer_seeds: 0,
            hand: 32,
            fallback: Fallback::None,
            clockwise: true,
            capture: FourRowCapture {
                landing: LandingCount::Occupied,
                both_occupied: true,
                seeds_to: CapturedSeeds::SowFromLapStart,
                then: AfterCapture::Relay,
                ..TSORO_CAPTURE
            },
            end: FourRowEnd::NoMoveLoses,
            ring_scores: true,
            ..BASE
        }
    }

    /// Every preset by its name (the traces' names), in the order of
    /// FOUR-ROWS.md of the recordings.
    pub const PRESETS: [(&'static str, Self); 6] = [
        ("hus-nama", Self::hus_nama()),     // Namibia
        ("tsoro", Self::tsoro()),           // Zimbabwe
        ("moruba", Self::moruba()),         // South Africa
        ("hawalis", Self::hawalis()),       // Oman
        ("hus-damara", Self::hus_damara()), // Namibia
        ("omweso", Self::omweso()),         // Uganda
    ];

    /// The preset of this name, if there is one.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::four_rows::FourRowRules;
    ///
    /// let tsoro = FourRowRules::named("tsoro");
    /// assert_eq!(tsoro.and_then(|rules| rules.name()), Some("tsoro"));
    /// assert!(FourRowRules::named("bao").is_none());
    /// ```
    pub fn named(name: &str) -> Option<FourRowRules> {
        let mut presets = FourRowRules::PRESETS.into_iter();
        presets.find_map(|(n, rules)| (n == name).then_some(rules))
    }

    /// The name of the preset these rules are, if they are one.
    pub fn name(&self) -> Option<&'static str> {
        let mut presets = FourRowRules::PRESETS.into_iter();
        presets.find_map(|(name, rules)| (rules == *self).then_some(name))
    }
}

//! The presets of the catalogue's games sown through the mover's own
//! store, as Kalah is: a last seed there moves again.

use crate::capture::{Capture, Zone};
use crate::opening::Start;
use crate::rules::{Rules, Verdict};

impl Rules {
    /// FairKalah as Ludii plays its first board (`FairKalah.lud`, "Board
    /// #/1"; the rules document's second catalogue, section
    /// "FairKalah"): [`Rules::kalah`] from an uneven start.
    ///
    /// 1. Two rows of 6 holes, a store each; South's holes start with 4,
    ///    4, 5, 4, 3, 4 seeds (one seed moved from hole 4 to hole 2:
    ///    [`Rules::start`]), North's with 4 each. (Ludii lists 254 boards;
    ///    [`Start`] holds those that move up to four seeds between holes.)
    /// 2. A move sows any non-empty own hole counter-clockwise through the
    ///    mover's own store, never the opponent's; a last seed in the own
    ///    store moves again.
    /// 3. A last seed in an empty hole of the mover's row (it now holds 1)
    ///    takes that seed and the seeds of the opposite hole, even when the
    ///    opposite hole is empty.
    /// 4. The game ends as soon as either row is empty; each player scores
    ///    his store plus the seeds left in his row.
    pub const fn fairkalah() -> Rules {
        let mut rules = Rules::kalah();
        rules.start = Start::UNIFORM.moving(4, 2);
        rules.capture = Capture::Opposite {
            require_opposite: false,
            zone: Zone::Own,
            take_lone: true,
        };
        rules
    }

    /// Waurie as Ludii plays it (`Waurie.lud`; the rules document's second
    /// catalogue, section "Waurie"): [`Rules::kalah`] without captures,
    /// won by the first to empty his row.
    ///
    /// 1. Two rows of 6 holes, 4 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise through the
    ///    mover's own store, never the opponent's; a last seed in the own
    ///    store moves again.
    /// 3. Nothing is captured: the stores hold the seeds sown into them.
    /// 4. The game ends as soon as a row is empty (only the mover's can
    ///    be: sowing never takes seeds from the opponent's row), and the
    ///    player whose row is empty wins ([`Verdict::EmptyRowWins`]).
    pub const fn waurie() -> Rules {
        let mut rules = Rules::kalah();
        rules.capture = Capture::None;
        rules.verdict = Verdict::EmptyRowWins;
        rules
    }
}

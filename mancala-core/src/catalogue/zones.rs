//! The presets of the catalogue's games whose captures are bounded by
//! where the holes are, besides the count they hold: the opponent's row
//! or the mover's last hole (Kara), the mover's row up to the move's
//! origin (Halusa), each hole with its opposite one (La'b Akila).

use crate::capture::{Capture, ChainLimit, CountSet, Zone};
use crate::feeding::Feeding;
use crate::rules::Rules;

use super::counts::EVEN_TO_SIX;
use super::{chain, landing};

/// Every even count: 0 (an empty hole carries Halusa's chain on), 2, 4,
/// and so on (a [`CountSet`] reads counts of 64 and more by parity).
const EVEN: CountSet = CountSet::every(0, 2);

impl Rules {
    /// Kara as Ludii plays it (`Kara.lud`).
    ///
    /// 1. Two rows of 3 holes, 7 seeds each, a store each (never sown
    ///    into).
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over).
    /// 3. If the last seed falls in a hole that then holds 2, 4 or 6, and
    ///    that hole is in the opponent's row or is the mover's own last
    ///    (rightmost) hole ([`Zone::OpponentsAndLast`]), it is taken; there
    ///    is no chain. (The rules text: the opponent's holes made 2, 4 or 6
    ///    during the sowing are taken when the last seed lands there or in
    ///    the mover's rightmost hole.)
    /// 4. The game ends when the player to move has no seeds. Each player
    ///    scores his captures plus the seeds left in his row.
    pub const fn kara() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.layout = crate::topology::Layout::two_rows(3);
        rules.seeds = 7;
        rules.capture = landing(Zone::OpponentsAndLast, EVEN_TO_SIX);
        rules
    }

    /// Halusa as Ludii plays it (`Halusa.lud`).
    ///
    /// 1. Two rows of 6 holes, 6 seeds each; captures go to the mover's
    ///    hand.
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over).
    /// 3. If the last seed falls in the **mover's own row** in a hole that
    ///    then holds an even number, it is taken, then each hole before it
    ///    while it is in his row and holds an even number, stopping at the
    ///    move's origin ([`ChainLimit::RowToOrigin`]). An empty hole counts
    ///    as even: it gives nothing and carries the chain on.
    /// 4. A move is legal only if the opponent has seeds in his row after
    ///    it ([`Feeding::Always`]).
    /// 5. The game ends when the player to move has no legal move. Each
    ///    player scores his captures plus the seeds left in his row. (The
    ///    rules text: feeding only when the opponent is empty, and the
    ///    seeds left to the last player able to move.)
    pub const fn halusa() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.capture = chain(Zone::Own, EVEN, ChainLimit::RowToOrigin);
        rules.feeding = Feeding::Always;
        rules
    }

    /// La'b Akila as Ludii plays it (`La'b Akila.lud`).
    ///
    /// 1. Two rows of 7 holes, 7 seeds each; captures go to the mover's
    ///    hand.
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over).
    /// 3. If the last seed falls in a hole of either row that then holds 2
    ///    or 4, it is taken **with the hole opposite it**; then each hole
    ///    before it, while it held 2 or 4 after the sowing, with its
    ///    opposite hole, up to the move's origin (`opposites` of
    ///    [`Capture::Chain`]). A hole already taken as an opposite gives
    ///    nothing more but carries the chain on.
    /// 4. A player with no seeds passes. The game ends after a move that
    ///    leaves at most one seed on the board. Captures alone count.
    ///    (The rules text relays from an occupied hole and chains the holes
    ///    after the landing one.)
    pub const fn lab_akila() -> Rules {
        let mut rules = Rules::mankala();
        rules.layout = crate::topology::Layout::two_rows(7);
        rules.seeds = 7;
        rules.capture = Capture::Chain {
            zone: Zone::Any,
            counts: CountSet::EMPTY.with(2).with(4),
            same_count: false,
            limit: ChainLimit::ToOrigin,
            opposites: true,
        };
        rules.end.at_most_left = Some(1);
        rules
    }
}

//! The presets of the catalogue's games that sweep the board after the
//! sowing ([`Sweep`]): every 2, 4 or 6 anywhere (Kapana Bona, Oure Ngat),
//! every 4 of the opponent's row after a capture (Wouri), every seed once
//! few are left (Hoyito).

use crate::capture::{CountSet, Zone};
use crate::conditions::{RelayConditions, Sowable};
use crate::feeding::Feeding;
use crate::rules::{Leftover, Rules};
use crate::sow::Relay;
use crate::sweep::Sweep;
use crate::topology::Layout;

use super::counts::EVEN_TO_SIX;
use super::landing;

/// Every hole of the board holding 2, 4 or 6, after every move.
const EVENS_ANYWHERE: Sweep = Sweep {
    zone: Zone::Any,
    counts: EVEN_TO_SIX,
    after_capture: false,
    board_at_most: None,
};

/// Every count but 0: a sweep of every seed on the board.
const EVERY_COUNT: CountSet = CountSet::every(1, 1);

impl Rules {
    /// Kapana Bona as Ludii plays it (`Kapana Bona.lud`).
    ///
    /// 1. Two rows of 3 holes, 8 seeds each; captures go to the mover's
    ///    hand.
    /// 2. A move sows **any non-empty hole of the board**, of either row
    ///    ([`Sowable::zone`]), counter-clockwise, its first seed back into
    ///    the hole it was lifted from, even a single seed
    ///    ([`SowSpec::first_into_origin`](crate::rules::SowSpec::first_into_origin),
    ///    [`SowSpec::single_into_origin`](crate::rules::SowSpec::single_into_origin)):
    ///    a hole of one seed is sown into itself, a legal move that changes
    ///    nothing.
    /// 3. After the sowing every hole of the board holding 2, 4 or 6 is
    ///    taken by the mover ([`Rules::sweep`]).
    /// 4. The game ends after a move that leaves no hole holding more than
    ///    one seed ([`EndRules::each_at_most`](crate::rules::EndRules::each_at_most)).
    ///    Captures alone count. (The rules text is silent on the end.)
    pub const fn kapana_bona() -> Rules {
        let mut rules = Rules::oure_ngat();
        rules.layout = Layout::two_rows(3);
        rules.seeds = 8;
        rules.sowable = Sowable {
            zone: Zone::Any,
            ..Sowable::ANY
        };
        rules.end.pass = false;
        rules.end.at_most_left = None;
        rules.end.each_at_most = Some(1);
        rules
    }

    /// Oure Ngat as Ludii plays it (`Oure Ngat.lud`).
    ///
    /// 1. Two rows of 4 holes, 6 seeds each; captures go to the mover's
    ///    hand.
    /// 2. A move sows any non-empty own hole counter-clockwise, its first
    ///    seed back into the hole it was lifted from, even a single seed (as
    ///    in [`Rules::kapana_bona`]).
    /// 3. After the sowing every hole of the board holding 2, 4 or 6 is
    ///    taken by the mover.
    /// 4. A player with no seeds passes. The game ends after a move that
    ///    leaves the board empty; captures alone count. In practice it
    ///    never ends: once every hole holds at most one seed, each move
    ///    sows a seed back into its own hole, and the players change
    ///    nothing forever.
    pub const fn oure_ngat() -> Rules {
        let mut rules = Rules::mankala();
        rules.layout = Layout::two_rows(4);
        rules.seeds = 6;
        rules.sowing.first_into_origin = true;
        rules.sowing.single_into_origin = true;
        rules.capture = crate::capture::Capture::None;
        rules.sweep = EVENS_ANYWHERE;
        rules.end.at_most_left = Some(0);
        rules
    }

    /// Wouri as Ludii plays it (`Wouri.lud`).
    ///
    /// 1. Two rows of 6 holes, 4 seeds each; captures go to the mover's
    ///    hand.
    /// 2. A move sows any non-empty own hole counter-clockwise, passing
    ///    over the hole each lap was lifted from.
    /// 3. A lap ending in the **opponent's row** in a hole that then holds
    ///    4 takes it, then **every hole of the opponent's row holding 4**
    ///    ([`Rules::sweep`] after a capture), and the move ends. Else a lap
    ///    ending in a hole that then holds more than one seed lifts it and
    ///    sows on. A move whose relays never end is not legal.
    /// 4. A move is legal only if the opponent has seeds in his row after
    ///    it ([`Feeding::Always`]).
    /// 5. The game ends when the player to move has no legal move. Each
    ///    player scores his captures plus the seeds left in his row. (The
    ///    rules text: the 4s a player makes during the sowing are taken.)
    pub const fn wouri() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.seeds = 4;
        rules.sowing.skip_origin = true;
        rules.relay = Relay::AtLeast(2);
        rules.relay_if = RelayConditions {
            capture_first: true,
            ..RelayConditions::NONE
        };
        let fours = CountSet::EMPTY.with(4);
        rules.capture = landing(Zone::Opponents, fours);
        rules.sweep = Sweep {
            zone: Zone::Opponents,
            counts: fours,
            after_capture: true,
            board_at_most: None,
        };
        rules.feeding = Feeding::Always;
        rules
    }

    /// Hoyito as Ludii plays its ruleset "Hoyito I (Described)" (six holes a
    /// row).
    ///
    /// 1. Two rows of 6 holes, 4 seeds each; captures go to the mover's
    ///    hand.
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over); there is no relay.
    /// 3. If the last seed falls in a hole of either row that then holds 4,
    ///    the mover takes it; and if the board then held at most 8 seeds
    ///    (counted after the sowing), he takes **every seed on the board**
    ///    ([`Sweep::board_at_most`]).
    /// 4. The game ends when the player to move has no seeds. Captures
    ///    alone count. (The rules text: relays from an occupied hole, the 4s
    ///    made during the sowing taken, a pass for a player who cannot
    ///    move, and the last four going to the first to capture a four.)
    pub const fn hoyito() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.seeds = 4;
        rules.capture = landing(Zone::Any, CountSet::EMPTY.with(4));
        rules.sweep = Sweep {
            zone: Zone::Any,
            counts: EVERY_COUNT,
            after_capture: true,
            board_at_most: Some(8),
        };
        rules.leftover = Leftover::Void;
        rules
    }
}

//! The presets of the catalogue's games whose laps relay: a lap ending
//! in a hole that then holds enough seeds lifts them and sows on, and
//! captures are judged where the last lap ends.

use crate::capture::{Capture, CountSet, Zone};
use crate::conditions::{RelayConditions, Sowable};
use crate::feeding::Feeding;
use crate::opening::FirstMoves;
use crate::rules::{Credit, Leftover, Rules, Verdict};
use crate::sow::Relay;
use crate::topology::{Direction, Layout, StoreSide};

use super::{across, chain_to_origin};

impl Rules {
    /// French Wari as Ludii plays it (`French Wari.lud`).
    ///
    /// 1. Two rows of 6 holes, 4 seeds each.
    /// 2. A move sows any non-empty own hole counter-clockwise; a lap whose
    ///    last seed falls in a hole that then holds more than one lifts that
    ///    hole and sows on, in the same move ([`Relay::AtLeast`] 2).
    /// 3. A lap that ends in an empty hole of either row (it now holds 1)
    ///    takes the seeds of the opposite hole, if any; the lone seed stays
    ///    ([`Capture::Opposite`] in
    ///    [`Zone::Any`], `take_lone: false`).
    /// 4. A move whose relays never end is not legal
    ///    ([`Endless::Forbid`](crate::sow::Endless::Forbid), the family's
    ///    convention; Ludii never ends such a move).
    /// 5. The game ends when the player to move has no seeds; each player
    ///    scores his captures plus the seeds left in his row.
    pub const fn french_wari() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.seeds = 4;
        rules.relay = Relay::AtLeast(2);
        rules.capture = across(Zone::Any, false);
        rules
    }

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
    ///    and the lone seed
    ///    ([`Capture::Opposite`] in
    ///    [`Zone::Own`], `take_lone: true`); otherwise nothing.
    /// 4. A move whose relays never end is not legal
    ///    ([`Endless::Forbid`](crate::sow::Endless::Forbid), the family's
    ///    convention; Ludii never ends such a move).
    /// 5. The game ends when the player to move has no legal move (no
    ///    seeds, or only endless moves); each player scores his captures
    ///    plus the seeds left in his row ([`Leftover::Stay`]).
    pub const fn en_gehe() -> Rules {
        let mut rules = Rules::french_wari();
        rules.layout = Layout::two_rows(40);
        rules.capture = across(Zone::Own, true);
        rules
    }

    /// Dabuda as Ludii plays its ruleset "Afar (Observed)" (`Dabuda.lud`,
    /// option "Opening/One Rightmost hole"; the rules document's second
    /// catalogue, section "Dabuda"): [`Rules::en_gehe`] on two rows of 10,
    /// each player's first move sowing his rightmost hole.
    ///
    /// 1. Two rows of 10 holes, 4 seeds each (captures in hand).
    /// 2. Each player's first move sows his rightmost hole (player 0's hole
    ///    9, then player 1's hole 19: [`Rules::first_moves`],
    ///    [`FirstMoves::rightmost`]`(2)`); every later move any non-empty
    ///    own hole. (From a set-up position where that hole is empty, any
    ///    hole: see [`FirstMoves`].)
    /// 3. Sowing is counter-clockwise (the origin is not passed over); a
    ///    lap whose last seed falls in a hole that then holds more than one
    ///    lifts that hole and sows on, in the same move
    ///    ([`Relay::AtLeast`] 2).
    /// 4. A lap that ends in an empty hole of the mover's own row (it now
    ///    holds 1) facing a non-empty hole takes both, the seeds opposite
    ///    and the lone seed, and the move ends; one ending in an empty
    ///    hole of the opponent's row, or of his own facing an empty hole,
    ///    ends the move with nothing taken.
    /// 5. A move whose relays never end is not legal (the family's
    ///    convention; Ludii never ends one).
    /// 6. The game ends when the player to move has no legal move (no
    ///    seeds); each player scores his captures plus the seeds left in
    ///    his row ([`Leftover::Stay`]).
    ///
    /// (Ludii's ruleset "Damohoita" lets the first move sow any of the
    /// four rightmost holes, [`FirstMoves`] `{ moves: 2, last_holes: 4 }`;
    /// the rules text's "after the opening, sow only where the sowing
    /// reaches the opponent's row or ends in an empty own hole" is not in
    /// Ludii's code, nor here.)
    pub const fn dabuda() -> Rules {
        let mut rules = Rules::en_gehe();
        rules.layout = Layout::two_rows(10);
        rules.first_moves = FirstMoves::rightmost(2);
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
            zone: crate::capture::Zone::Own,
        };
        rules.relay = Relay::AtLeast(2);
        rules.relay_if = RelayConditions {
            next_occupied: true,
            capture_first: true,
            stop_on_empty_side: false,
        };
        rules.capture = chain_to_origin(CountSet::EMPTY.with(4));
        rules.leftover = Leftover::Void;
        rules
    }

    /// Chongka' as Ludii plays it (`Chongka'.lud`; the rules document's
    /// second catalogue, section "Chongka'").
    ///
    /// 1. Two rows of 7 holes, 7 seeds each, a store each on its owner's
    ///    **left** ([`StoreSide::Left`]: player 0's between holes 13 and 0,
    ///    player 1's between holes 6 and 7).
    /// 2. A move sows any non-empty own hole **clockwise** (hole `h` to
    ///    `h - 1`), dropping a seed into the mover's own store on passing
    ///    it, never into the opponent's
    ///    ([`SowSpec::into_own_store`](crate::rules::SowSpec::into_own_store));
    ///    the origin is not passed over.
    /// 3. A lap whose last seed falls in a hole that then holds more than
    ///    one lifts that hole and sows on, in the same move
    ///    ([`Relay::AtLeast`] 2); one that ends in the own store ends the
    ///    move, with no extra turn. Every lap round the board drops a seed
    ///    into the store, so the relays always end.
    /// 4. A lap that ends in an empty hole of the mover's own row (it now
    ///    holds 1) takes the seeds of the opposite hole, if any; the lone
    ///    seed stays.
    /// 5. A player without seeds passes
    ///    ([`EndRules::pass`](crate::rules::EndRules::pass)); the game ends
    ///    when neither can move, the board empty. The stores alone count
    ///    ([`Leftover::Void`]).
    pub const fn chongka() -> Rules {
        let mut rules = Rules::french_wari();
        rules.seeds = 7;
        rules.layout = Layout::two_rows(7).with_store_side(StoreSide::Left);
        rules.sowing.direction = Direction::Clockwise;
        rules.sowing.into_own_store = true;
        rules.capture = across(Zone::Own, false);
        rules.end.pass = true;
        rules.leftover = Leftover::Void;
        rules
    }

    /// Chungcajon as Ludii plays it (`Chungcajon.lud`; the rules
    /// document's second catalogue, section "Chungcajon"):
    /// [`Rules::chongka`] without captures.
    ///
    /// 1. Two rows of 7 holes, 7 seeds each, a store each on its owner's
    ///    left ([`StoreSide::Left`]).
    /// 2. A move sows any non-empty own hole clockwise, dropping a seed
    ///    into the mover's own store on passing it, never into the
    ///    opponent's.
    /// 3. A lap whose last seed falls in a hole that then holds more than
    ///    one lifts that hole and sows on; the move ends when a lap ends in
    ///    the own store or in an empty hole. Nothing is captured.
    /// 4. A player without seeds passes; the game ends when every hole is
    ///    empty. The stores alone count.
    pub const fn chungcajon() -> Rules {
        let mut rules = Rules::chongka();
        rules.capture = Capture::None;
        rules
    }

    /// J'odu as Ludii plays it (`J'odu.lud`; the rules document's second
    /// catalogue, section "J'odu").
    ///
    /// 1. Two rows of 6 holes, 4 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over); a lap whose last seed falls in a hole that
    ///    then holds more than one lifts that hole and sows on, in the same
    ///    move ([`Relay::AtLeast`] 2).
    /// 3. A lap that ends in an empty hole of the mover's own row (it now
    ///    holds 1) takes the seeds of the opposite hole, if any; the lone
    ///    seed stays. Ending in the opponent's row takes nothing.
    /// 4. A move is legal only if the opponent has seeds in his row after
    ///    the whole move ([`Feeding::Always`]); a move whose relays never
    ///    end is not legal (the family's convention; Ludii never ends one).
    /// 5. The game ends when the player to move has no legal move (the
    ///    rules text: feed "if possible"; Ludii's code has no such
    ///    exception); each player scores his captures plus the seeds left
    ///    in his row ([`Leftover::Stay`]).
    ///
    /// (Ludii judges the feeding after every lap, a defect its recorded
    /// games are cut before.)
    pub const fn jodu() -> Rules {
        let mut rules = Rules::french_wari();
        rules.capture = across(Zone::Own, false);
        rules.feeding = Feeding::Always;
        rules
    }

    /// Foji as Ludii plays it (`Foji.lud`; the rules document's second
    /// catalogue, section "Foji"): [`Rules::jodu`] sown clockwise, the
    /// origin passed over.
    ///
    /// 1. Two rows of 6 holes, 4 seeds each (captures in hand).
    /// 2. A move sows any non-empty own hole **clockwise** (hole `h` to
    ///    `h - 1`), passing over the hole it was lifted from on every lap,
    ///    relay laps too ([`SowSpec::skip_origin`](crate::rules::SowSpec::skip_origin));
    ///    a lap whose last seed falls in a hole that then holds more than
    ///    one lifts that hole and sows on, in the same move.
    /// 3. A lap that ends in an empty hole of the mover's own row takes the
    ///    seeds of the opposite hole, if any; the lone seed stays.
    /// 4. A move is legal only if the opponent has seeds in his row after
    ///    the whole move (the rules text asks it only when his row is
    ///    empty); a move whose relays never end is not legal.
    /// 5. The game ends when the player to move has no legal move; each
    ///    player scores his captures plus the seeds left in his row.
    ///
    /// (Ludii's cycle vote is not modelled. Ludii judges a lap ending just
    /// after the skipped origin at the origin, and the feeding after the
    /// first lap only: defects its recorded games are cut before.)
    pub const fn foji() -> Rules {
        let mut rules = Rules::jodu();
        rules.sowing.direction = Direction::Clockwise;
        rules.sowing.skip_origin = true;
        rules
    }

    /// Yovodi as Ludii plays it (`Yovodi.lud`; the rules document's second
    /// catalogue, section "Yovodi"): [`Rules::french_wari`] sown
    /// clockwise, a capture going to whoever the landing row gives it.
    ///
    /// 1. Two rows of 6 holes, 4 seeds each, a store each (not sown into).
    /// 2. A move sows any non-empty own hole **clockwise** (hole `h` to
    ///    `h - 1`; the origin is not passed over); a lap whose last seed
    ///    falls in a hole that then holds more than one lifts that hole and
    ///    sows on, in the same move.
    /// 3. A lap that ends in an empty hole (it now holds 1) takes the seeds
    ///    of the opposite hole, if any; the lone seed stays. They go to the
    ///    store of the opposite hole's owner's opponent
    ///    ([`Credit::Opponent`]): the
    ///    mover's when the lap ended in his own row, the **opponent's**
    ///    when it ended in the opponent's row (the seeds facing it being
    ///    the mover's own).
    /// 4. A move whose relays never end is not legal (the family's
    ///    convention; Ludii never ends one).
    /// 5. The game ends when the player to move has no legal move; each
    ///    player scores his store plus the seeds left in his row.
    pub const fn yovodi() -> Rules {
        let mut rules = Rules::french_wari();
        rules.sowing.direction = Direction::Clockwise;
        rules.credit = Credit::Opponent;
        rules
    }

    /// Altiev as Ludii plays it (`Altiev.lud`; the rules document's second
    /// catalogue, section "Altiev"): [`Rules::jodu`] with 3 seeds, no
    /// feeding, lost by the first player whose row is empty.
    ///
    /// 1. Two rows of 6 holes, 3 seeds each (captures in hand).
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over); a lap whose last seed falls in a hole that
    ///    then holds more than one lifts that hole and sows on, in the
    ///    same move, unless a player's row is then empty
    ///    ([`RelayConditions::stop_on_empty_side`]).
    /// 3. A lap that ends in an empty hole of the mover's own row (it now
    ///    holds 1) takes the seeds of the opposite hole, if any; the lone
    ///    seed stays. Ending in the opponent's row takes nothing.
    /// 4. A move whose relays never end is not legal (the family's
    ///    convention; Ludii never ends one).
    /// 5. The game ends as soon as a player's row is empty, after any lap
    ///    ([`EndRules::side_empty`](crate::rules::EndRules::side_empty)):
    ///    player 0's first, then player 1's, and that player loses
    ///    ([`Verdict::EmptyRowLoses`]); the captures decide nothing.
    pub const fn altiev() -> Rules {
        let mut rules = Rules::french_wari();
        rules.seeds = 3;
        rules.capture = across(Zone::Own, false);
        rules.relay_if.stop_on_empty_side = true;
        rules.end.side_empty = true;
        rules.verdict = Verdict::EmptyRowLoses;
        rules
    }

    /// Tap Urdy as Ludii plays it (`Tap Urdy.lud`).
    ///
    /// 1. Two rows of 6 holes, 4 seeds each; captures go to the mover's
    ///    hand.
    /// 2. A move sows a non-empty hole of the **opponent's row**
    ///    ([`Sowable::zone`]), **clockwise** (hole `h` to `h - 1`; the
    ///    origin is not passed over).
    /// 3. A lap ending in a hole that then holds more than one seed lifts
    ///    it and sows on if the next hole holds seeds; if the next hole is
    ///    empty, the mover takes the hole after it, in either row
    ///    ([`Capture::PastEmpty`]), and the move ends. A lap ending in an
    ///    empty hole ends the move. A move whose relays never end is not
    ///    legal (Ludii plays them forever).
    /// 4. The game ends after any lap that leaves a row empty, even in the
    ///    middle of a move ([`RelayConditions::stop_on_empty_side`]). Each
    ///    player scores his captures plus the seeds left in his own row.
    pub const fn tap_urdy() -> Rules {
        let mut rules = Rules::french_wari();
        rules.sowing.direction = Direction::Clockwise;
        rules.sowable = Sowable {
            zone: Zone::Opponents,
            ..Sowable::ANY
        };
        rules.relay_if = RelayConditions {
            next_occupied: true,
            stop_on_empty_side: true,
            ..RelayConditions::NONE
        };
        rules.capture = Capture::PastEmpty;
        rules.end.side_empty = true;
        rules
    }

    /// Yovodji as Ludii plays it (`Yovodji.lud`).
    ///
    /// 1. Two rows of 6 holes, 4 seeds each; captures go to the mover's
    ///    hand.
    /// 2. A move sows any non-empty own hole counter-clockwise, passing
    ///    over the hole each lap was lifted from.
    /// 3. A lap ending in the **opponent's row** in a hole that then holds
    ///    2 or 3 takes it (no chain) and ends the move
    ///    ([`RelayConditions::capture_first`]). Else a lap ending in a hole
    ///    that then holds more than one seed lifts it and sows on. Else, in
    ///    an empty hole of the mover's row, the seeds of the hole across are
    ///    taken if it holds 2 or more, the lone seed staying
    ///    ([`Rules::fallback_capture`], [`Capture::Facing`]). A move whose
    ///    relays never end is not legal.
    /// 4. The game ends when the player to move has no seeds. Each player
    ///    scores his captures plus the seeds left in his row. (Ludii's
    ///    comment chains the 2s and 3s back "like in Oware", but its test
    ///    never chains; the rules text has no 2/3 capture, takes any
    ///    opposite, and asks feeding only of an empty opponent.)
    pub const fn yovodji() -> Rules {
        let mut rules = Rules::french_wari();
        rules.sowing.skip_origin = true;
        rules.relay_if = RelayConditions {
            capture_first: true,
            ..RelayConditions::NONE
        };
        rules.capture = super::landing(Zone::Opponents, CountSet::TWO_OR_THREE);
        rules.fallback_capture = Capture::Facing {
            zone: Zone::Own,
            counts: CountSet::every(2, 1),
        };
        rules
    }
}
